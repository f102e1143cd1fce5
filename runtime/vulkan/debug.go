package vulkan

// #include "kiln_vk.h"
import "C"

import (
	"fmt"
	"runtime/cgo"
)

// A Message is one report from the validation layer or the driver, delivered
// through VK_EXT_debug_utils. Only warnings and errors are collected.
type Message struct {
	Severity string // "warning" or "error"
	Type     string // "validation", "performance" or "general"
	ID       string // the message id name, e.g. "VUID-vkCmdDispatch-groupCountX-00386"
	Text     string
}

func (m Message) String() string {
	return fmt.Sprintf("%s %s: %s", m.Type, m.Severity, m.Text)
}

// kilnDebugMessage is the Go half of the messenger callback (kiln_vk.c). It runs
// on whatever thread made the Vulkan call and only appends to the instance's list;
// the C half returns VK_TRUE so that the layer skips the call it complained about.
//
//export kilnDebugMessage
func kilnDebugMessage(severity C.VkDebugUtilsMessageSeverityFlagBitsEXT, types C.VkDebugUtilsMessageTypeFlagsEXT,
	data *C.VkDebugUtilsMessengerCallbackDataEXT, user C.uintptr_t) {
	m := Message{Severity: "warning", Type: "general"}
	if severity&C.VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT != 0 {
		m.Severity = "error"
	}
	switch {
	case types&C.VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT != 0:
		m.Type = "validation"
	case types&C.VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT != 0:
		m.Type = "performance"
	}
	if data.pMessageIdName != nil {
		m.ID = C.GoString(data.pMessageIdName)
	}
	if data.pMessage != nil {
		m.Text = C.GoString(data.pMessage)
	}
	inst := cgo.Handle(user).Value().(*Instance)
	inst.msgMu.Lock()
	inst.messages = append(inst.messages, m)
	inst.msgMu.Unlock()
}

// TakeMessages returns the messages collected since the last call and forgets
// them. It works after Close too, which is when the validation layer reports
// objects that were never destroyed.
func (inst *Instance) TakeMessages() []Message {
	inst.msgMu.Lock()
	defer inst.msgMu.Unlock()
	m := inst.messages
	inst.messages = nil
	return m
}
