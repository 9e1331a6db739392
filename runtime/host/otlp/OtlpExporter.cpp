#include "host/otlp/OtlpExporter.h"

#include "support/http/HttpClient.h"
#include "wfc/error.h"

#include <cstdlib>
#include <iostream>

namespace wfc::otlp {
namespace {

std::optional<std::string> environment(const char *name) {
  const char *value = std::getenv(name);
  if (!value || !*value) return std::nullopt;
  return std::string(value);
}

std::string percentDecode(const std::string &text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      out += char(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
  size_t b = s.find_first_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b);
}

}  // namespace

std::optional<std::string> tracesUrl(const std::optional<std::string> &flag) {
  std::optional<std::string> url;
  std::string origin;
  bool base = true;
  if (flag) {
    url = *flag, origin = "--otlp-endpoint";
  } else if ((url = environment("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))) {
    origin = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", base = false;
  } else if ((url = environment("OTEL_EXPORTER_OTLP_ENDPOINT"))) {
    origin = "OTEL_EXPORTER_OTLP_ENDPOINT";
  } else {
    return std::nullopt;
  }
  if (url->rfind("http://", 0) != 0 && url->rfind("https://", 0) != 0)
    throw Error(ErrorKind::Usage, origin + " must be an http:// or https:// URL (OTLP/HTTP), not '" +
                                      http::redactUrl(*url) + "'");
  if (base && !url->ends_with("/v1/traces")) {
    while (url->back() == '/') url->pop_back();
    *url += "/v1/traces";
  }
  return url;
}

std::vector<std::string> otlpHeaders() {
  std::optional<std::string> list = environment("OTEL_EXPORTER_OTLP_TRACES_HEADERS");
  const char *origin = "OTEL_EXPORTER_OTLP_TRACES_HEADERS";
  if (!list) list = environment("OTEL_EXPORTER_OTLP_HEADERS"), origin = "OTEL_EXPORTER_OTLP_HEADERS";
  std::vector<std::string> out;
  if (!list) return out;
  size_t start = 0;
  while (start <= list->size()) {
    size_t comma = list->find(',', start);
    std::string item = trim(list->substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (!item.empty()) {
      size_t eq = item.find('=');
      if (eq == std::string::npos || eq == 0)
        throw Error(ErrorKind::Usage, std::string(origin) + " is a comma-separated list of key=value (a header each)");
      out.push_back(trim(item.substr(0, eq)) + ": " + trim(percentDecode(item.substr(eq + 1))));
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

OtlpExporter::OtlpExporter(ExporterOptions options)
    : options_(std::move(options)), assembler_(options_.provider, options_.withContent) {
  thread_ = std::thread([this] { run(); });
}

OtlpExporter::~OtlpExporter() {
  std::unique_lock lock(mutex_);
  stopping_ = true;
  wake_.notify_all();
  // The last batches get finalFlush; a collector that has not answered by then is given up on.
  if (!wake_.wait_for(lock, options_.finalFlush, [&] { return finished_; })) {
    lock.unlock();
    abort_.cancel("the last spans could not be sent in time");
  } else {
    lock.unlock();
  }
  thread_.join();
}

void OtlpExporter::record(const TraceRecord &record) {
  std::lock_guard lock(mutex_);
  for (Span &span : assembler_.add(record)) {
    if (queue_.size() >= options_.maxQueued) {
      ++dropped_;
      continue;
    }
    queue_.push_back(std::move(span));
  }
  if (queue_.size() >= options_.batchSize) wake_.notify_all();
}

void OtlpExporter::warnOnce(const std::string &message) {
  if (warned_) return;
  warned_ = true;
  std::cerr << options_.self << ": warning: " << message << "; runs go on, their spans are not exported\n";
}

void OtlpExporter::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait_for(lock, options_.interval, [&] { return stopping_ || queue_.size() >= options_.batchSize; });
    if (queue_.empty()) {
      if (stopping_) break;
      continue;
    }
    std::vector<Span> batch;
    while (!queue_.empty() && batch.size() < options_.batchSize) {
      batch.push_back(std::move(queue_.front()));
      queue_.pop_front();
    }
    lock.unlock();
    send(std::move(batch), abort_);
    lock.lock();
    if (dropped_ > 0) {
      std::cerr << options_.self << ": warning: " << dropped_ << " span(s) dropped: more than "
                << options_.maxQueued << " were waiting to be exported\n";
      dropped_ = 0;
    }
    if (stopping_ && abort_.cancelled()) break;
  }
  finished_ = true;
  wake_.notify_all();
}

bool OtlpExporter::send(std::vector<Span> batch, const CancellationToken &cancel) {
  http::HttpRequest request;
  request.url = options_.url;
  request.headers = options_.headers;
  request.headers.push_back("Content-Type: application/x-protobuf");
  request.body = encodeExportTraceServiceRequest(options_.resource, batch);
  request.connectTimeoutMs = 2000;
  request.timeoutMs = 5000;
  try {
    http::HttpResponse response = http::post(request, cancel);
    if (response.status >= 200 && response.status < 300) return true;
    std::lock_guard lock(mutex_);
    warnOnce("the OTLP collector at " + http::redactUrl(options_.url) + " answered HTTP " +
             std::to_string(response.status) + (response.body.empty() ? "" : ": " + response.body.substr(0, 200)));
  } catch (const Error &e) {
    std::lock_guard lock(mutex_);
    warnOnce("cannot export spans to " + http::redactUrl(options_.url) + ": " + e.what());
  }
  return false;
}

}  // namespace wfc::otlp
