// A minimal EGL shim: a headless OpenGL 4.5 core context on the surfaceless
// platform, with libEGL loaded at run time so that a machine without EGL
// gets an error rather than a binary that does not start.
#ifndef KILN_EGL_H
#define KILN_EGL_H

#include <stdint.h>

typedef struct {
	void *lib;      // dlopen handle of libEGL
	void *display;  // EGLDisplay
	void *context;  // EGLContext
	int32_t major, minor; // EGL version
	int32_t error;  // eglGetError after the failing call, or 0
	const char *failed; // the call that failed, or NULL
	const char *dlerr;  // dlerror() when the library or a symbol is missing
} kiln_egl;

// kiln_egl_open loads lib, creates a GL 4.5 core context (a debug context when
// debug is set) and makes it current on the calling thread: on EGL device
// number device (EGL_EXT_device_enumeration, EGL_PLATFORM_DEVICE_EXT), or on
// the surfaceless platform when device is negative. It returns 0 on success;
// on failure it fills failed, error or dlerr and releases what it made.
int kiln_egl_open(kiln_egl *e, const char *lib, int debug, int device);
// kiln_egl_load only loads lib (for kiln_egl_devices); 0 on success.
int kiln_egl_load(kiln_egl *e, const char *lib);
// kiln_egl_devices returns the number of EGL devices (0 without
// EGL_EXT_device_enumeration) and writes the DRM render node (or device
// file, or extension string) of device i to *name.
int kiln_egl_devices(kiln_egl *e, int i, const char **name);
// kiln_egl_proc returns eglGetProcAddress(name).
void *kiln_egl_proc(kiln_egl *e, const char *name);
void kiln_egl_close(kiln_egl *e);

#endif
