# lint/one-json-reader: every JSON text the runtime reads goes through common/JsonReader.h, which
# bounds its nesting (docs/limits.md). Fails, naming each file and line, when a runtime source
# calls nlohmann's parse itself. A line may opt out with the comment "json-reader: internal",
# for text this process wrote itself.
#   cmake -DSOURCE=<root holding runtime/> -P OneJsonReader.cmake
file(GLOB_RECURSE sources "${SOURCE}/runtime/*.cpp" "${SOURCE}/runtime/*.h")
set(found "")
foreach(source IN LISTS sources)
  file(STRINGS "${source}" lines REGEX "(J|j)son::parse\\(")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "json-reader: internal")
      file(RELATIVE_PATH shown "${SOURCE}" "${source}")
      string(STRIP "${line}" line)
      string(APPEND found "\n  ${shown}: ${line}")
    endif()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "JSON parsed without the nesting bound: use readJson or readJsonOrDiscarded "
                      "(common/JsonReader.h) in:${found}")
endif()
