#include "host/serve/WebAssets.h"

#include "WebPageFiles.h"  // generated from runtime/serve/web/ (runtime/CMakeLists.txt)

namespace wfc::serve {

const WebAsset *findWebAsset(std::string_view path) {
  static const WebAsset assets[] = {
      {"/", "text/html; charset=utf-8", web::index_html},
      {"/index.html", "text/html; charset=utf-8", web::index_html},
      {"/app.js", "text/javascript; charset=utf-8", web::app_js},
      {"/style.css", "text/css; charset=utf-8", web::style_css},
  };
  for (const WebAsset &a : assets)
    if (a.path == path) return &a;
  return nullptr;
}

}  // namespace wfc::serve
