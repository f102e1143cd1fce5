package vulkan

// #include "kiln_vk.h"
import "C"

import (
	"fmt"
	"runtime"
	"strings"
)

// buildLayout finds or makes the descriptor set layouts and the pipeline layout.
// Sets between used ones get the empty layout, as Vulkan requires.
func (k *Kernel) buildLayout() error {
	d := k.dev
	d.mu.Lock()
	defer d.mu.Unlock()
	handles := make([]C.VkDescriptorSetLayout, len(k.sets))
	key := fmt.Sprintf("push %d", k.push)
	for i := range k.sets {
		l, err := d.setLayout(k.sets[i].bindings)
		if err != nil {
			return err
		}
		k.sets[i].layout, handles[i] = l, l
		key += fmt.Sprintf(" %#x", uint64(l))
	}
	if l, ok := d.pipelineLayouts[key]; ok {
		k.layout = l
		return nil
	}
	info := C.VkPipelineLayoutCreateInfo{
		sType:          C.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		setLayoutCount: C.uint32_t(len(handles)),
	}
	var p runtime.Pinner
	defer p.Unpin()
	if len(handles) > 0 {
		p.Pin(&handles[0])
		info.pSetLayouts = &handles[0]
	}
	pushRange := &C.VkPushConstantRange{stageFlags: C.VK_SHADER_STAGE_COMPUTE_BIT, size: C.uint32_t(k.push)}
	if k.push > 0 {
		p.Pin(pushRange)
		info.pushConstantRangeCount, info.pPushConstantRanges = 1, pushRange
	}
	if err := check(C.vkCreatePipelineLayout(d.handle, &info, nil, &k.layout), "vkCreatePipelineLayout"); err != nil {
		return err
	}
	d.pipelineLayouts[key] = k.layout
	return nil
}

// setLayout returns the cached layout for one set's bindings; d.mu is held.
func (d *Device) setLayout(bindings []Binding) (C.VkDescriptorSetLayout, error) {
	var key strings.Builder
	for _, b := range bindings {
		fmt.Fprintf(&key, "%d:%d ", b.Binding, b.Class)
	}
	if l, ok := d.setLayouts[key.String()]; ok {
		return l, nil
	}
	vb := make([]C.VkDescriptorSetLayoutBinding, len(bindings))
	for i, b := range bindings {
		vb[i] = C.VkDescriptorSetLayoutBinding{
			binding:         C.uint32_t(b.Binding),
			descriptorType:  b.Class.descriptorType(),
			descriptorCount: 1,
			stageFlags:      C.VK_SHADER_STAGE_COMPUTE_BIT,
		}
	}
	info := C.VkDescriptorSetLayoutCreateInfo{
		sType:        C.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		bindingCount: C.uint32_t(len(vb)),
	}
	var p runtime.Pinner
	defer p.Unpin()
	if len(vb) > 0 {
		p.Pin(&vb[0])
		info.pBindings = &vb[0]
	}
	var l C.VkDescriptorSetLayout
	if err := check(C.vkCreateDescriptorSetLayout(d.handle, &info, nil, &l), "vkCreateDescriptorSetLayout"); err != nil {
		return 0, err
	}
	d.setLayouts[key.String()] = l
	return l, nil
}
