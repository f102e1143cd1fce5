package gl

import (
	"errors"
	"fmt"

	"github.com/kiln-gpu/kiln/runtime/compute"
)

// Errors this package reports for conditions it detects itself, before the
// driver sees anything; all but ErrNoContext are runtime/compute's, shared
// with the Vulkan runtime.
var (
	ErrNoContext    = errors.New("no OpenGL 4.5 context")
	ErrClosed       = compute.ErrClosed
	ErrLimit        = compute.ErrLimit
	ErrInvalidSPIRV = compute.ErrInvalidSPIRV
	ErrBadArgument  = compute.ErrBadArgument
	ErrUnsupported  = compute.ErrUnsupported
)

// Error is a glGetError code other than GL_NO_ERROR; its text is the name from
// the GL headers.
type Error uint32

// The error codes of OpenGL 4.5 core.
const (
	InvalidEnum                 Error = 0x0500
	InvalidValue                Error = 0x0501
	InvalidOperation            Error = 0x0502
	StackOverflow               Error = 0x0503
	StackUnderflow              Error = 0x0504
	OutOfMemory                 Error = 0x0505
	InvalidFramebufferOperation Error = 0x0506
	ContextLost                 Error = 0x0507
)

var errorNames = map[Error]string{
	InvalidEnum:                 "GL_INVALID_ENUM",
	InvalidValue:                "GL_INVALID_VALUE",
	InvalidOperation:            "GL_INVALID_OPERATION",
	StackOverflow:               "GL_STACK_OVERFLOW",
	StackUnderflow:              "GL_STACK_UNDERFLOW",
	OutOfMemory:                 "GL_OUT_OF_MEMORY",
	InvalidFramebufferOperation: "GL_INVALID_FRAMEBUFFER_OPERATION",
	ContextLost:                 "GL_CONTEXT_LOST",
}

func (e Error) Error() string {
	if name, ok := errorNames[e]; ok {
		return name
	}
	return fmt.Sprintf("GL error %#x", uint32(e))
}

// EGLError is an eglGetError code other than EGL_SUCCESS, named as in egl.h.
type EGLError int32

var eglErrorNames = map[EGLError]string{
	0x3001: "EGL_NOT_INITIALIZED",
	0x3002: "EGL_BAD_ACCESS",
	0x3003: "EGL_BAD_ALLOC",
	0x3004: "EGL_BAD_ATTRIBUTE",
	0x3005: "EGL_BAD_CONFIG",
	0x3006: "EGL_BAD_CONTEXT",
	0x3007: "EGL_BAD_CURRENT_SURFACE",
	0x3008: "EGL_BAD_DISPLAY",
	0x3009: "EGL_BAD_MATCH",
	0x300A: "EGL_BAD_NATIVE_PIXMAP",
	0x300B: "EGL_BAD_NATIVE_WINDOW",
	0x300C: "EGL_BAD_PARAMETER",
	0x300D: "EGL_BAD_SURFACE",
	0x300E: "EGL_CONTEXT_LOST",
}

func (e EGLError) Error() string {
	if name, ok := eglErrorNames[e]; ok {
		return name
	}
	return fmt.Sprintf("EGL error %#x", int32(e))
}
