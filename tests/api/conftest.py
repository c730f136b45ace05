import pytest


@pytest.fixture
def news_only(app, monkeypatch):
    """Waiting polls re-check the database only far beyond any wait (api/news.py's POLL_RECHECK):
    only news can end a wait with a 200."""
    monkeypatch.setitem(app.config, "POLL_RECHECK", 600)
