"""The API docs in a real browser, under their Content-Security-Policy (every browser test fails on
a policy violation: see `new_page`)."""
from playwright.sync_api import expect


def test_the_api_docs_render_under_the_policy(new_page):
    page = new_page()
    page.goto("/api/docs/")
    expect(page.locator(".opblock").first).to_be_visible()
    assert page.locator(".opblock").count() >= 15, "every operation of openapi.yaml is listed"
