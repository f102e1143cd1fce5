package gl

// #cgo LDFLAGS: -ldl
// #include <stdlib.h>
// #include "kiln_egl.h"
import "C"

import (
	"fmt"
	"strings"
	"unsafe"
)

// defaultEGL is the soname of libglvnd's (and Mesa's) EGL library.
const defaultEGL = "libEGL.so.1"

// egl is a context made by the shim, current on the thread that made it.
type egl struct {
	c C.kiln_egl
}

// openEGL makes a surfaceless GL 4.5 core context current on the calling
// thread, which must be locked to its goroutine.
func openEGL(lib string, debug bool) (*egl, error) {
	e := &egl{}
	clib := C.CString(lib)
	defer C.free(unsafe.Pointer(clib))
	dbg := C.int(0)
	if debug {
		dbg = 1
	}
	if C.kiln_egl_open(&e.c, clib, dbg) == 0 {
		return e, nil
	}
	failed := C.GoString(e.c.failed)
	switch {
	case e.c.dlerr != nil:
		return nil, fmt.Errorf("gl: cannot load EGL (%s: %s): %w", failed, C.GoString(e.c.dlerr), ErrNoContext)
	case e.c.error != 0:
		return nil, fmt.Errorf("gl: %s failed: %w: %w", failed, EGLError(e.c.error), ErrNoContext)
	}
	return nil, fmt.Errorf("gl: %s failed: %w", failed, ErrNoContext)
}

// proc returns the address of a GL or EGL function.
func (e *egl) proc(name string) unsafe.Pointer {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	return C.kiln_egl_proc(&e.c, cname)
}

func (e *egl) version() string { return fmt.Sprintf("%d.%d", e.c.major, e.c.minor) }

// clientExtensions lists EGL's client extensions (platforms among them).
func (e *egl) clientExtensions() []string {
	s := C.kiln_egl_client_extensions(&e.c)
	if s == nil {
		return nil
	}
	return strings.Fields(C.GoString(s))
}

func (e *egl) close() { C.kiln_egl_close(&e.c) }
