// The server's routes (docs/serve.md "Endpoints"): each method and path, the RestApi member that
// answers it, whether it needs the token, and how GET /openapi.json describes it. One table, so
// the router and the document cannot disagree: a route is served exactly when it is documented.
// (The web page's static files — "/", "/app.js", "/style.css" — are served beside the table, by
// WebAssets: they are not API.)
#pragma once

#include "host/serve/HttpServer.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfc::serve {

class RestApi;

// What a path's placeholder matched: "{id}" in "/runs/{id}".
struct RouteArgs {
  std::string id;
};

// What an operation's description is made from.
struct ApiFacts {
  const ProgramDecl &program;
  bool chat;  // a chat pack (docs/serve.md "Chat packs")
};

// The route table's placeholder is "{id}" wherever it stands: "/agents/{id}/a2a" names an agent.

struct Route {
  std::string_view method;  // "GET"
  std::string_view path;    // "/runs/{id}/events": literal segments and at most one "{id}"
  bool chatOnly;            // served (and documented) for chat packs only
  bool open;                // answered without the bearer token (the health checks)
  HttpResponse (RestApi::*answer)(HttpRequest &, const RouteArgs &);
  nlohmann::ordered_json (*describe)(const ApiFacts &);  // its OpenAPI operation object
  bool agentsOnly = false;  // served (and documented) for packs with agents only (docs/serve.md "A2A agents")
};

// Every route, in the order /openapi.json lists them.
const std::vector<Route> &apiRoutes();

// What `path` ("/runs/r1") binds in `pattern` ("/runs/{id}"), or nullopt when it does not match.
// Segment by segment, exactly: "/runs/" is not "/runs", and "{id}" matches no empty segment (a
// client that builds "/runs/" + id with an empty id gets 404, not the list of runs).
std::optional<RouteArgs> matchRoute(std::string_view pattern, std::string_view path);

}  // namespace wfc::serve
