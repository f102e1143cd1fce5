// The C half of runtime/vulkan: every cgo file includes this header so that all
// of them see the same handle types.
#ifndef KILN_VK_H
#define KILN_VK_H

// Non-dispatchable handles (VkBuffer, VkPipeline, ...) become uint64_t instead of
// pointers to opaque structs. Drivers may use small integers or other non-pointer
// values for them, and Go's garbage collector must never see such a value in a
// pointer-typed field.
#define VK_USE_64_BIT_PTR_DEFINES 0
#include <vulkan/vulkan.h>
#include <stdint.h>
#include <stdlib.h>

// kiln_messenger_info fills a debug_utils messenger description whose callback
// forwards every message to Go (kilnDebugMessage) with handle as its user data and
// returns VK_TRUE, which makes the validation layer skip the offending call.
void kiln_messenger_info(VkDebugUtilsMessengerCreateInfoEXT *info, uintptr_t handle);

// vkCreate/DestroyDebugUtilsMessengerEXT are extension entry points that the
// loader does not export, so they are looked up through vkGetInstanceProcAddr.
VkResult kiln_create_messenger(VkInstance instance, uintptr_t handle, VkDebugUtilsMessengerEXT *out);
void kiln_destroy_messenger(VkInstance instance, VkDebugUtilsMessengerEXT messenger);

// kiln_sync2 holds the synchronization2 entry points of one device: core in
// Vulkan 1.3, VK_KHR_synchronization2 (with a KHR suffix) before that.
typedef struct {
	PFN_vkCmdPipelineBarrier2 barrier;
	PFN_vkCmdWriteTimestamp2 timestamp;
	PFN_vkQueueSubmit2 submit;
} kiln_sync2;

// kiln_load_sync2 fills fns and returns 0, or returns -1 when the device has none.
int kiln_load_sync2(VkDevice device, kiln_sync2 *fns);

// One global memory barrier: the access masks and stages are 64-bit
// VK_*_2_* flags, which are Go constants on the Go side.
void kiln_barrier(const kiln_sync2 *fns, VkCommandBuffer cb, VkFlags64 src_stage, VkFlags64 src_access,
                  VkFlags64 dst_stage, VkFlags64 dst_access);
void kiln_timestamp(const kiln_sync2 *fns, VkCommandBuffer cb, VkFlags64 stage, VkQueryPool pool, uint32_t query);
VkResult kiln_submit(const kiln_sync2 *fns, VkQueue queue, VkCommandBuffer cb, VkFence fence);

#endif
