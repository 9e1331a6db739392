#include "CurlClient.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <mutex>

namespace wfc::test {
namespace {

struct Receiving {
  std::string *body;
  const std::function<bool(std::string_view)> *onPiece;
};

size_t onBody(char *data, size_t size, size_t n, void *out) {
  auto *receiving = static_cast<Receiving *>(out);
  receiving->body->append(data, size * n);
  if (*receiving->onPiece && !(*receiving->onPiece)(std::string_view(data, size * n))) return 0;  // hang up
  return size * n;
}

size_t onHeader(char *data, size_t size, size_t n, void *out) {
  std::string line(data, size * n);
  size_t colon = line.find(':');
  if (colon != std::string::npos) {
    std::string name = line.substr(0, colon), value = line.substr(colon + 1);
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    while (!value.empty() && (value.front() == ' ')) value.erase(0, 1);
    while (!value.empty() && (value.back() == '\r' || value.back() == '\n' || value.back() == ' ')) value.pop_back();
    static_cast<std::vector<std::pair<std::string, std::string>> *>(out)->emplace_back(name, value);
  }
  return size * n;
}

struct Upload {
  const std::string *body;
  size_t sent = 0;
};

size_t onRead(char *buffer, size_t size, size_t n, void *in) {
  auto *upload = static_cast<Upload *>(in);
  size_t chunk = std::min(size * n, upload->body->size() - upload->sent);
  std::memcpy(buffer, upload->body->data() + upload->sent, chunk);
  upload->sent += chunk;
  return chunk;
}

}  // namespace

std::optional<std::string> HttpReply::header(const std::string &lowercaseName) const {
  for (const auto &[name, value] : headers)
    if (name == lowercaseName) return value;
  return std::nullopt;
}

nlohmann::json HttpReply::json() const { return nlohmann::json::parse(body); }

HttpReply httpCall(const HttpCall &call) {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  HttpReply reply;
  CURL *curl = curl_easy_init();
  curl_slist *headers = nullptr;
  for (const std::string &h : call.headers) headers = curl_slist_append(headers, h.c_str());
  Upload upload{call.body ? &*call.body : nullptr};
  curl_easy_setopt(curl, CURLOPT_URL, call.url.c_str());
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, call.method.c_str());
  // A HEAD's answer has a Content-Length but no body: libcurl must not wait for one.
  if (call.method == "HEAD") curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, call.timeoutMs);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, onBody);
  Receiving receiving{&reply.body, &call.onPiece};
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &receiving);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, onHeader);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &reply.headers);
  if (call.body) {
    if (call.chunked) {
      headers = curl_slist_append(headers, "Transfer-Encoding: chunked");
      curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
      curl_easy_setopt(curl, CURLOPT_READFUNCTION, onRead);
      curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
      curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, call.method.c_str());
    } else {
      curl_easy_setopt(curl, CURLOPT_POSTFIELDS, call.body->data());
      curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(call.body->size()));
    }
  }
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  CURLcode rc = curl_easy_perform(curl);
  if (rc == CURLE_OK) curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply.status);
  else reply.error = curl_easy_strerror(rc);
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  return reply;
}

HttpReply httpGet(const std::string &url, std::vector<std::string> headers) {
  return httpCall({"GET", url, std::nullopt, std::move(headers)});
}

HttpReply httpPostJson(const std::string &url, const std::string &body, std::vector<std::string> headers) {
  headers.push_back("Content-Type: application/json");
  return httpCall({"POST", url, body, std::move(headers)});
}

HttpReply httpDelete(const std::string &url, std::vector<std::string> headers) {
  return httpCall({"DELETE", url, std::nullopt, std::move(headers)});
}

}  // namespace wfc::test
