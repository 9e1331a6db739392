#include "host/serve/RequestOrigin.h"

#include "support/AsciiCase.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <cctype>

namespace wfc::serve {
namespace {

// localhost, 127.0.0.0/8, [::1]: the names of this machine that no other site can take.
bool loopbackName(const std::string &host) {
  if (host == "localhost") return true;
  in_addr v4{};
  if (inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6{};
  return host.size() > 2 && host.front() == '[' && host.back() == ']' &&
         inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), &v6) == 1 && IN6_IS_ADDR_LOOPBACK(&v6);
}

}  // namespace

std::string hostWithoutPort(const std::string &authority) {
  std::string host = authority;
  if (!host.empty() && host[0] == '[') {
    size_t close = host.find(']');
    host = close == std::string::npos ? host : host.substr(0, close + 1);
  } else if (size_t colon = host.rfind(':'); colon != std::string::npos) {
    host = host.substr(0, colon);
  }
  return lowerAscii(host);
}

RequestOrigin::RequestOrigin(const ListenAddress &listen, std::vector<std::string> allowed)
    : loopback_(listen.loopback()), listening_(listen.str()), allowed_(std::move(allowed)) {
  for (std::string &name : allowed_) name = lowerAscii(name);
}

bool RequestOrigin::allowedName(const std::string &host) const {
  return std::find(allowed_.begin(), allowed_.end(), host) != allowed_.end();
}

std::optional<std::string> RequestOrigin::problem(const HttpRequest &request) const {
  std::optional<std::string> host = request.header("Host");
  if (loopback_ && host) {
    std::string name = hostWithoutPort(*host);
    if (!loopbackName(name) && !allowedName(name))
      return "this server listens on " + listening_ + " and answers the names of this machine (localhost, " +
             "127.0.0.1, [::1]), not Host '" + *host + "' (a web page that renamed the server, DNS rebinding, "
             "would send that); to reach it by that name, start it with --allow-host " + name;
  }
  std::optional<std::string> origin = request.header("Origin");
  if (!origin) return std::nullopt;
  size_t scheme = origin->find("://");
  std::string authority = scheme == std::string::npos ? "" : lowerAscii(origin->substr(scheme + 3));
  if (!authority.empty() && host && authority == lowerAscii(*host)) return std::nullopt;  // the server's own page
  if (!authority.empty() && allowedName(hostWithoutPort(authority))) return std::nullopt;
  return "requests from web pages of origin '" + *origin + "' are refused: this server answers its own page (origin " +
         "http://" + (host ? *host : listening_) + ") and those of --allow-host names" +
         (authority.empty() ? std::string() : "; to let that page call it, start it with --allow-host " +
                                                  hostWithoutPort(authority));
}

}  // namespace wfc::serve
