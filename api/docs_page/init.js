// Starts Swagger UI on this API's contract (kept out of the page: no inline script runs here).
window.ui = SwaggerUIBundle({
  url: "/api/v1/openapi.yaml",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  plugins: [SwaggerUIBundle.plugins.DownloadUrl],
  layout: "StandaloneLayout",
});
