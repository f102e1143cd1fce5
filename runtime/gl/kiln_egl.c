#include "kiln_egl.h"

#include <dlfcn.h>
#include <stddef.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

typedef void *(*getProcAddress_t)(const char *);
typedef EGLDisplay (*getPlatformDisplay_t)(EGLenum, void *, const EGLint *);
typedef EGLBoolean (*initialize_t)(EGLDisplay, EGLint *, EGLint *);
typedef EGLBoolean (*bindAPI_t)(EGLenum);
typedef EGLContext (*createContext_t)(EGLDisplay, EGLConfig, EGLContext, const EGLint *);
typedef EGLBoolean (*makeCurrent_t)(EGLDisplay, EGLSurface, EGLSurface, EGLContext);
typedef EGLBoolean (*destroyContext_t)(EGLDisplay, EGLContext);
typedef EGLBoolean (*terminate_t)(EGLDisplay);
typedef EGLint (*getError_t)(void);

static void *sym(kiln_egl *e, const char *name) {
	void *p = dlsym(e->lib, name);
	if (p == NULL) {
		e->failed = name;
		e->dlerr = dlerror();
	}
	return p;
}

static int fail(kiln_egl *e, const char *call) {
	getError_t getError = (getError_t)dlsym(e->lib, "eglGetError");
	e->failed = call;
	e->error = getError ? getError() : 0;
	kiln_egl_close(e);
	return -1;
}

int kiln_egl_load(kiln_egl *e, const char *lib) {
	e->lib = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	if (e->lib == NULL) {
		e->failed = "dlopen";
		e->dlerr = dlerror();
		return -1;
	}
	return 0;
}

// queryDevices lists up to max EGL devices into devs; it returns their
// number, 0 without EGL_EXT_device_enumeration.
static int queryDevices(kiln_egl *e, EGLDeviceEXT *devs, int max) {
	getProcAddress_t getProcAddress = (getProcAddress_t)dlsym(e->lib, "eglGetProcAddress");
	PFNEGLQUERYDEVICESEXTPROC queryDevices =
		getProcAddress ? (PFNEGLQUERYDEVICESEXTPROC)getProcAddress("eglQueryDevicesEXT") : NULL;
	EGLint n = 0;
	if (queryDevices == NULL || !queryDevices(max, devs, &n)) {
		return 0;
	}
	return n;
}

#define MAX_DEVICES 16

int kiln_egl_devices(kiln_egl *e, int i, const char **name) {
	EGLDeviceEXT devs[MAX_DEVICES];
	int n = queryDevices(e, devs, MAX_DEVICES);
	*name = NULL;
	if (i < 0 || i >= n) {
		return n;
	}
	getProcAddress_t getProcAddress = (getProcAddress_t)dlsym(e->lib, "eglGetProcAddress");
	PFNEGLQUERYDEVICESTRINGEXTPROC queryString =
		(PFNEGLQUERYDEVICESTRINGEXTPROC)getProcAddress("eglQueryDeviceStringEXT");
	if (queryString != NULL) {
		const EGLint names[] = {EGL_DRM_RENDER_NODE_FILE_EXT, EGL_DRM_DEVICE_FILE_EXT, EGL_EXTENSIONS};
		for (int k = 0; k < 3 && *name == NULL; k++) {
			*name = queryString(devs[i], names[k]);
		}
	}
	return n;
}

int kiln_egl_open(kiln_egl *e, const char *lib, int debug, int device) {
	if (kiln_egl_load(e, lib) != 0) {
		return -1;
	}
	getProcAddress_t getProcAddress = (getProcAddress_t)sym(e, "eglGetProcAddress");
	initialize_t initialize = (initialize_t)sym(e, "eglInitialize");
	bindAPI_t bindAPI = (bindAPI_t)sym(e, "eglBindAPI");
	createContext_t createContext = (createContext_t)sym(e, "eglCreateContext");
	makeCurrent_t makeCurrent = (makeCurrent_t)sym(e, "eglMakeCurrent");
	if (!getProcAddress || !initialize || !bindAPI || !createContext || !makeCurrent) {
		dlclose(e->lib);
		e->lib = NULL;
		return -1;
	}
	getPlatformDisplay_t getPlatformDisplay = (getPlatformDisplay_t)getProcAddress("eglGetPlatformDisplayEXT");
	if (getPlatformDisplay == NULL) {
		return fail(e, "eglGetProcAddress(eglGetPlatformDisplayEXT)");
	}
	if (device < 0) {
		e->display = getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
		if (e->display == EGL_NO_DISPLAY) {
			return fail(e, "eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA)");
		}
	} else {
		EGLDeviceEXT devs[MAX_DEVICES];
		if (device >= queryDevices(e, devs, MAX_DEVICES)) {
			return fail(e, "eglQueryDevicesEXT (no such EGL device)");
		}
		e->display = getPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devs[device], NULL);
		if (e->display == EGL_NO_DISPLAY) {
			return fail(e, "eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT)");
		}
	}
	if (!initialize(e->display, &e->major, &e->minor)) {
		return fail(e, "eglInitialize");
	}
	if (!bindAPI(EGL_OPENGL_API)) {
		return fail(e, "eglBindAPI(EGL_OPENGL_API)");
	}
	const EGLint attrs[] = {
		EGL_CONTEXT_MAJOR_VERSION, 4,
		EGL_CONTEXT_MINOR_VERSION, 5,
		EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
		EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE,
		EGL_NONE,
	};
	// EGL_KHR_no_config_context: a compute context needs no framebuffer config.
	e->context = createContext(e->display, (EGLConfig)0, EGL_NO_CONTEXT, attrs);
	if (e->context == EGL_NO_CONTEXT) {
		return fail(e, "eglCreateContext(OpenGL 4.5 core)");
	}
	if (!makeCurrent(e->display, EGL_NO_SURFACE, EGL_NO_SURFACE, e->context)) {
		return fail(e, "eglMakeCurrent(surfaceless)");
	}
	return 0;
}

void *kiln_egl_proc(kiln_egl *e, const char *name) {
	getProcAddress_t getProcAddress = (getProcAddress_t)dlsym(e->lib, "eglGetProcAddress");
	return getProcAddress ? getProcAddress(name) : NULL;
}

void kiln_egl_close(kiln_egl *e) {
	if (e->lib == NULL) {
		return;
	}
	makeCurrent_t makeCurrent = (makeCurrent_t)dlsym(e->lib, "eglMakeCurrent");
	destroyContext_t destroyContext = (destroyContext_t)dlsym(e->lib, "eglDestroyContext");
	terminate_t terminate = (terminate_t)dlsym(e->lib, "eglTerminate");
	if (e->display != NULL) {
		if (makeCurrent) {
			makeCurrent(e->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
		}
		if (e->context != NULL && destroyContext) {
			destroyContext(e->display, e->context);
		}
		if (terminate) {
			terminate(e->display);
		}
	}
	// libEGL stays loaded: Mesa's drivers register atexit handlers in it.
	e->lib = NULL;
	e->display = NULL;
	e->context = NULL;
}
