"""The two PaaS files' formats as JSON Schemas, written from their vendors' documentation (Heroku's
app.json schema reference, Render's Blueprint specification) for the fields this project may use.
Unknown keys are refused, so that a misspelt key (which the platform would ignore) fails a test.
"""
ENV_VAR = {
    "type": "object", "additionalProperties": False,
    "properties": {"description": {"type": "string"}, "value": {"type": "string"}, "required": {"type": "boolean"},
                   "generator": {"const": "secret"}},
}

APP_JSON = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object", "additionalProperties": False, "required": ["name"],
    "properties": {
        "name": {"type": "string", "minLength": 3, "maxLength": 30},
        "description": {"type": "string"},
        "keywords": {"type": "array", "items": {"type": "string"}},
        "website": {"type": "string"}, "repository": {"type": "string"}, "logo": {"type": "string"},
        "success_url": {"type": "string"}, "stack": {"type": "string"},
        "buildpacks": {"type": "array", "items": {"type": "object", "required": ["url"], "additionalProperties": False,
                                                  "properties": {"url": {"type": "string"}}}},
        "formation": {"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": False,
            "properties": {"quantity": {"type": "integer", "minimum": 0}, "size": {"type": "string"}}}},
        "addons": {"type": "array", "items": {"oneOf": [
            {"type": "string"},
            {"type": "object", "required": ["plan"], "additionalProperties": False,
             "properties": {"plan": {"type": "string", "pattern": "^[a-z0-9-]+(:[a-z0-9-]+)?$"},
                            "as": {"type": "string", "pattern": "^[A-Z][A-Z0-9_]*$"},
                            "options": {"type": "object"}}}]}},
        "env": {"type": "object", "propertyNames": {"pattern": "^[A-Z][A-Z0-9_]*$"},
                "additionalProperties": {"oneOf": [{"type": "string"}, ENV_VAR]}},
        "scripts": {"type": "object", "additionalProperties": False,
                    "properties": {"postdeploy": {"type": "string"}, "pr-predestroy": {"type": "string"}}},
        "environments": {"type": "object"},
    },
}

RENDER_ENV_VAR = {
    "type": "object", "required": ["key"], "additionalProperties": False,
    "properties": {
        "key": {"type": "string", "pattern": "^[A-Z][A-Z0-9_]*$"},
        "value": {"type": "string"}, "sync": {"const": False}, "generateValue": {"const": True},
        "fromDatabase": {"type": "object", "required": ["name", "property"], "additionalProperties": False,
                         "properties": {"name": {"type": "string"}, "property": {"enum": [
                             "connectionString", "host", "port", "user", "password", "database"]}}},
        "fromService": {"type": "object", "required": ["type", "name"], "additionalProperties": False,
                        "properties": {"type": {"enum": ["web", "pserv", "worker", "cron", "keyvalue", "redis"]},
                                       "name": {"type": "string"},
                                       "property": {"enum": ["host", "port", "hostport", "connectionString"]},
                                       "envVarKey": {"type": "string"}}},
    },
    "oneOf": [{"required": ["value"]}, {"required": ["sync"]}, {"required": ["generateValue"]},
              {"required": ["fromDatabase"]}, {"required": ["fromService"]}],
}

RENDER_YAML = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object", "additionalProperties": False,
    "properties": {
        "services": {"type": "array", "items": {
            "type": "object", "required": ["type", "name"], "additionalProperties": False,
            "properties": {
                "type": {"enum": ["web", "pserv", "worker", "cron", "keyvalue", "redis"]},
                "name": {"type": "string"}, "runtime": {"enum": ["python", "docker", "image", "node", "static"]},
                "plan": {"type": "string"}, "region": {"type": "string"},
                "buildCommand": {"type": "string"}, "preDeployCommand": {"type": "string"},
                "startCommand": {"type": "string"}, "healthCheckPath": {"type": "string", "pattern": "^/"},
                "schedule": {"type": "string", "pattern": r"^\S+ \S+ \S+ \S+ \S+$"},
                "numInstances": {"type": "integer", "minimum": 1}, "autoDeploy": {"type": "boolean"},
                "envVars": {"type": "array", "items": RENDER_ENV_VAR},
                "maxmemoryPolicy": {"enum": ["allkeys-lru", "volatile-lru", "allkeys-random", "volatile-random",
                                             "volatile-ttl", "noeviction", "allkeys-lfu", "volatile-lfu"]},
                "ipAllowList": {"type": "array"},
            },
            "allOf": [
                {"if": {"properties": {"type": {"const": "cron"}}}, "then": {"required": ["schedule", "startCommand"]}},
                {"if": {"properties": {"type": {"const": "web"}}}, "then": {"required": ["runtime", "startCommand"]}},
            ],
        }},
        "databases": {"type": "array", "items": {
            "type": "object", "required": ["name"], "additionalProperties": False,
            "properties": {"name": {"type": "string"}, "databaseName": {"type": "string"}, "user": {"type": "string"},
                           "plan": {"type": "string"}, "region": {"type": "string"},
                           "postgresMajorVersion": {"type": "string"}, "ipAllowList": {"type": "array"}}}},
        "envVarGroups": {"type": "array"},
    },
}
