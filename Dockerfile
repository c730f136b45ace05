# The service in a container: gunicorn on $PORT (8000), settings from the environment (README).
# Migrations are a separate command, run before the new version serves:
#   docker run --rm -e DATABASE_URL=... addgames flask --app wsgi db upgrade
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PORT=8000 WEB_CONCURRENCY=2
WORKDIR /app
COPY requirements.txt .
# gcc for the packages built from source (gunicorn_h1c), removed in the same layer
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install -r requirements.txt \
    && apt-get purge -y --auto-remove gcc libc6-dev && rm -rf /var/lib/apt/lists/*
COPY . .
# A user of its own; instance/ is where the default SQLite file would go.
RUN useradd --create-home --uid 10001 addgames && mkdir -p instance && chown addgames instance
USER addgames

EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('PORT', '8000') + '/api/v1/health', timeout=4)"]
# gunicorn.conf.py is read from /app; gunicorn binds 0.0.0.0:$PORT with $WEB_CONCURRENCY workers.
CMD ["gunicorn", "wsgi:app"]
