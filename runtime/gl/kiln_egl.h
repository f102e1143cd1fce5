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
// debug is set) and makes it current on the calling thread. It returns 0 on
// success; on failure it fills failed, error or dlerr and releases what it made.
int kiln_egl_open(kiln_egl *e, const char *lib, int debug);
// kiln_egl_proc returns eglGetProcAddress(name).
void *kiln_egl_proc(kiln_egl *e, const char *name);
// kiln_egl_client_extensions returns EGL's client extension string, or NULL.
const char *kiln_egl_client_extensions(kiln_egl *e);
void kiln_egl_close(kiln_egl *e);

#endif
