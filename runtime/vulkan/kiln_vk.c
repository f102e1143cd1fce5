#include "kiln_vk.h"
#include "_cgo_export.h"

static VkBool32 VKAPI_PTR kiln_debug_callback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                              VkDebugUtilsMessageTypeFlagsEXT types,
                                              const VkDebugUtilsMessengerCallbackDataEXT *data, void *user) {
	kilnDebugMessage(severity, types, (VkDebugUtilsMessengerCallbackDataEXT *)data, (uintptr_t)user);
	return VK_TRUE;
}

void kiln_messenger_info(VkDebugUtilsMessengerCreateInfoEXT *info, uintptr_t handle) {
	*info = (VkDebugUtilsMessengerCreateInfoEXT){
		.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
		.messageSeverity =
			VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
		.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
			       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
		.pfnUserCallback = kiln_debug_callback,
		.pUserData = (void *)handle,
	};
}

VkResult kiln_create_messenger(VkInstance instance, uintptr_t handle, VkDebugUtilsMessengerEXT *out) {
	PFN_vkCreateDebugUtilsMessengerEXT create =
		(PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT");
	if (create == NULL) {
		return VK_ERROR_EXTENSION_NOT_PRESENT;
	}
	VkDebugUtilsMessengerCreateInfoEXT info;
	kiln_messenger_info(&info, handle);
	return create(instance, &info, NULL, out);
}

void kiln_destroy_messenger(VkInstance instance, VkDebugUtilsMessengerEXT messenger) {
	PFN_vkDestroyDebugUtilsMessengerEXT destroy =
		(PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT");
	if (destroy != NULL) {
		destroy(instance, messenger, NULL);
	}
}

static PFN_vkVoidFunction kiln_device_proc(VkDevice device, const char *core, const char *khr) {
	PFN_vkVoidFunction fn = vkGetDeviceProcAddr(device, core);
	return fn != NULL ? fn : vkGetDeviceProcAddr(device, khr);
}

int kiln_load_sync2(VkDevice device, kiln_sync2 *fns) {
	fns->barrier = (PFN_vkCmdPipelineBarrier2)kiln_device_proc(device, "vkCmdPipelineBarrier2",
								     "vkCmdPipelineBarrier2KHR");
	fns->timestamp = (PFN_vkCmdWriteTimestamp2)kiln_device_proc(device, "vkCmdWriteTimestamp2",
								      "vkCmdWriteTimestamp2KHR");
	fns->submit = (PFN_vkQueueSubmit2)kiln_device_proc(device, "vkQueueSubmit2", "vkQueueSubmit2KHR");
	return fns->barrier && fns->timestamp && fns->submit ? 0 : -1;
}

void kiln_barrier(const kiln_sync2 *fns, VkCommandBuffer cb, VkFlags64 src_stage, VkFlags64 src_access,
                  VkFlags64 dst_stage, VkFlags64 dst_access) {
	VkMemoryBarrier2 barrier = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
		.srcStageMask = src_stage,
		.srcAccessMask = src_access,
		.dstStageMask = dst_stage,
		.dstAccessMask = dst_access,
	};
	VkDependencyInfo dep = {
		.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
		.memoryBarrierCount = 1,
		.pMemoryBarriers = &barrier,
	};
	fns->barrier(cb, &dep);
}

void kiln_timestamp(const kiln_sync2 *fns, VkCommandBuffer cb, VkFlags64 stage, VkQueryPool pool, uint32_t query) {
	fns->timestamp(cb, stage, pool, query);
}

VkResult kiln_submit(const kiln_sync2 *fns, VkQueue queue, VkCommandBuffer cb, VkFence fence) {
	VkCommandBufferSubmitInfo cbInfo = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO,
		.commandBuffer = cb,
	};
	VkSubmitInfo2 submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
		.commandBufferInfoCount = 1,
		.pCommandBufferInfos = &cbInfo,
	};
	return fns->submit(queue, 1, &submit, fence);
}
