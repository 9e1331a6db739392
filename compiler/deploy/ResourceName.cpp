#include "deploy/ResourceName.h"

#include <algorithm>

namespace wfc::deploy {
namespace {

bool lowerAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

}  // namespace

std::optional<std::string> resourceName(const std::string &text) {
  std::string name;
  for (char c : text) {
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    if (lowerAlnum(c)) name += c;
    else if (!name.empty() && name.back() != '-') name += '-';
  }
  if (name.size() > kMaxResourceName) name.resize(kMaxResourceName);
  while (!name.empty() && name.back() == '-') name.pop_back();
  if (name.empty()) return std::nullopt;
  return name;
}

std::optional<std::string> dnsLabelProblem(const std::string &name, size_t max) {
  if (name.empty()) return "it is empty";
  if (name.size() > max) return "it is longer than " + std::to_string(max) + " characters";
  if (!std::all_of(name.begin(), name.end(), [](char c) { return lowerAlnum(c) || c == '-'; }))
    return "it may hold only lowercase letters, digits and '-'";
  if (name.front() == '-' || name.back() == '-') return "it must start and end with a letter or a digit";
  return std::nullopt;
}

}  // namespace wfc::deploy
