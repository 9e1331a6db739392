// The shapes of the PromptKit-parity sections of a pack (docs/promptkit.md): media, governance,
// provider requirements, skills and agents. No declaration type reads them field by field: the
// lowering (LowerMedia, LowerGovernance, LowerProviders, LowerSkills) takes what it runs from the
// shape-checked document, and the rest is informational or passed on. Part of the pack's shape
// (PromptPackShape.cpp), built in its arena.
#pragma once

#include "frontend/ShapeArena.h"

namespace wfc::promptpack {

// RFC 0004: a prompt's `media`.
const Shape *mediaShape(ShapeArena &a);
// RFC 0013 and 0016: `governance`, in the pack's metadata and in each agent.
const Shape *governanceShape(ShapeArena &a);
// RFC 0012: the pack's `requires`.
const Shape *requiresShape(ShapeArena &a);
// RFC 0008: one entry of the pack's `skills`.
const Shape *skillShape(ShapeArena &a);
// RFC 0007 and 0011: the pack's `agents`, each with its `governance`.
const Shape *agentsShape(ShapeArena &a, const Shape *governance);

}  // namespace wfc::promptpack
