// The web page of --serve (docs/serve.md "The web page"): index.html, app.js and style.css from
// runtime/host/serve/web/, compiled into the executable (cmake/EmbedFiles.cmake), so the page needs
// no network and no files beside the executable. `wfc trace view` embeds the same files.
#pragma once

#include <string_view>

namespace wfc::serve {

struct WebAsset {
  std::string_view path;  // "/", "/app.js", "/style.css"
  std::string_view contentType;
  std::string_view body;
};

// The asset served at `path`, or null.
const WebAsset *findWebAsset(std::string_view path);

}  // namespace wfc::serve
