// The name `wfc deploy` gives the Kubernetes resources of a pack (docs/deploy.md "Names"): a
// DNS-1123 label, so that it is valid as a Job's, a Pod's, a volume claim's and a label's value.
#pragma once

#include <optional>
#include <string>

namespace wfc::deploy {

// The longest name wfc gives: a label may hold 63 characters, and the Job's pods are named
// "<name>-<index>-<5 characters>" and its claim "<name>-data".
constexpr size_t kMaxResourceName = 40;

// `text` made a DNS-1123 label: lowercased, every run of characters other than letters and digits
// made one '-', no '-' at either end, cut to kMaxResourceName. nullopt when nothing is left (no
// ASCII letter or digit in `text`).
std::optional<std::string> resourceName(const std::string &text);

// Why `name` is not a DNS-1123 label of at most `max` characters, or nullopt when it is one.
std::optional<std::string> dnsLabelProblem(const std::string &name, size_t max = 63);

}  // namespace wfc::deploy
