# C types for engine/state.py when tools/build_engine.py compiles it (Cython's pure Python
# mode): the .py stays the source of truth and runs as it is without a build.
cimport cython

@cython.locals(i=Py_ssize_t, j=Py_ssize_t, n=Py_ssize_t, bits=Py_ssize_t)
cpdef shuffle(list cards, rng)
