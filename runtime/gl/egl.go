package gl

// #cgo LDFLAGS: -ldl
// #include <stdlib.h>
// #include "kiln_egl.h"
import "C"

import (
	"fmt"
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
// device is an EGL device's index, or -1 for the surfaceless platform.
func openEGL(lib string, debug bool, device int) (*egl, error) {
	e := &egl{}
	clib := C.CString(lib)
	defer C.free(unsafe.Pointer(clib))
	dbg := C.int(0)
	if debug {
		dbg = 1
	}
	if C.kiln_egl_open(&e.c, clib, dbg, C.int(device)) == 0 {
		return e, nil
	}
	return nil, e.err()
}

// err describes the shim's failure.
func (e *egl) err() error {
	failed := C.GoString(e.c.failed)
	switch {
	case e.c.dlerr != nil:
		return fmt.Errorf("gl: cannot load EGL (%s: %s): %w", failed, C.GoString(e.c.dlerr), ErrNoContext)
	case e.c.error != 0 && e.c.error != 0x3000: // EGL_SUCCESS
		return fmt.Errorf("gl: %s failed: %w: %w", failed, EGLError(e.c.error), ErrNoContext)
	}
	return fmt.Errorf("gl: %s failed: %w", failed, ErrNoContext)
}

// proc returns the address of a GL or EGL function.
func (e *egl) proc(name string) unsafe.Pointer {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	return C.kiln_egl_proc(&e.c, cname)
}

func (e *egl) version() string { return fmt.Sprintf("%d.%d", e.c.major, e.c.minor) }

func (e *egl) close() { C.kiln_egl_close(&e.c) }

// Devices lists the EGL devices of library (libEGL.so.1 when empty), by
// DRM render node, device file or extension string: the indexes
// Config.Device takes. It is empty without EGL_EXT_device_enumeration.
func Devices(library string) ([]string, error) {
	if library == "" {
		library = defaultEGL
	}
	e := &egl{}
	clib := C.CString(library)
	defer C.free(unsafe.Pointer(clib))
	if C.kiln_egl_load(&e.c, clib) != 0 {
		return nil, e.err()
	}
	var name *C.char
	n := int(C.kiln_egl_devices(&e.c, -1, &name))
	out := make([]string, n)
	for i := range out {
		C.kiln_egl_devices(&e.c, C.int(i), &name)
		out[i] = C.GoString(name)
	}
	return out, nil
}
