"""The WSGI entry point: `gunicorn wsgi:app`, `flask --app wsgi ...`."""
from api import create_app

app = create_app()
