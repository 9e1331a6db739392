#include "deploy/DataVolume.h"

#include "deploy/ShardContainer.h"

namespace wfc::deploy {

Manifest dataVolumeClaim(const DeployPlan &plan) {
  // ReadWriteMany: the shards run on any node at once (each writes only its own files).
  return {{"apiVersion", "v1"},
          {"kind", "PersistentVolumeClaim"},
          {"metadata", {{"name", plan.volumeClaim}, {"labels", resourceLabels(plan)}}},
          {"spec",
           {{"accessModes", Manifest::array({"ReadWriteMany"})},
            {"resources", {{"requests", {{"storage", plan.volumeSize}}}}}}}};
}

Manifest dataPod(const DeployPlan &plan) {
  // The workflow's own image: it has sleep, mkdir and tar (kubectl cp), and nothing to pull.
  Manifest container = {
      {"name", "data"},
      {"image", plan.image},
      {"command", Manifest::array({"sleep", "infinity"})},
      {"resources", {{"requests", {{"cpu", "10m"}, {"memory", "32Mi"}}}, {"limits", {{"memory", "64Mi"}}}}},
      {"volumeMounts", Manifest::array({{{"name", "data"}, {"mountPath", "/data"}}})},
      {"securityContext", {{"allowPrivilegeEscalation", false}, {"capabilities", {{"drop", Manifest::array({"ALL"})}}}}}};
  return {{"apiVersion", "v1"},
          {"kind", "Pod"},
          {"metadata", {{"name", plan.volumeClaim}, {"labels", resourceLabels(plan)}}},
          {"spec",
           {{"securityContext", podSecurityContext()},
            {"containers", Manifest::array({container})},
            {"volumes",
             Manifest::array({{{"name", "data"}, {"persistentVolumeClaim", {{"claimName", plan.volumeClaim}}}}})}}}};
}

}  // namespace wfc::deploy
