//! The `#[pymethods]` block of a class (PyO3 takes one block a type): the getters it lists
//! one a line (`/// doc`, then `name: Type = value;`, with `|x = self.0|` or `|x = self|`
//! naming what the values read) and the methods written out. `frozen_methods!` adds
//! `copy.copy` and `copy.deepcopy` of an immutable class: the object itself. And
//! [`rebuilder`], the module function that unpickles a class, and `register!`, which
//! writes a module's `register`.
use pyo3::prelude::*;

macro_rules! methods {
    // The caller's `self` token is both the getters' receiver and what they bind: a
    // `self` written here would not name the caller's one (hygiene).
    ($ty:ident, |$this:ident = $s:tt . $field:tt| $($rest:tt)*) => {
        methods!(@block $ty, $s, $this = &$s.$field, $($rest)*);
    };
    ($ty:ident, |$this:ident = $s:tt| $($rest:tt)*) => {
        methods!(@block $ty, $s, $this = $s, $($rest)*);
    };
    (@block $ty:ident, $s:tt, $this:ident = $bind:expr, {
        $( $(#[$doc:meta])* $name:ident: $ret:ty = $get:expr; )*
    } $($own:tt)*) => {
        #[pymethods]
        impl $ty {
            $(
                $(#[$doc])*
                #[getter]
                fn $name(&$s) -> $ret {
                    let $this = $bind;
                    $get
                }
            )*
            $($own)*
        }
    };
}

macro_rules! frozen_methods {
    ($ty:ident, |$this:ident = $s:tt $(. $field:tt)?| { $($getters:tt)* } $($own:tt)*) => {
        methods!($ty, |$this = $s $(. $field)?| { $($getters)* }
            $($own)*
            fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
                slf
            }
            fn __deepcopy__<'py>(
                slf: PyRef<'py, Self>,
                _memo: &Bound<'py, PyAny>,
            ) -> PyRef<'py, Self> {
                slf
            }
        );
    };
}

/// `register`, which adds a module's classes, functions and other values to `loki._loki`:
/// `register! { classes: A, B; functions: f, g; |m| { m.add("NAME", value)?; } }`.
macro_rules! register {
    ($(classes: $($class:ident),+;)? functions: $($f:ident),+; $(|$m:ident| $values:block)?) => {
        /// Adds the classes, functions and values of this module.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $($(m.add_class::<$class>()?;)+)?
            $(m.add_function(wrap_pyfunction!($f, m)?)?;)+
            $(let $m = m; $values)?
            Ok(())
        }
    };
}

/// The module function (`loki._loki.NAME`) that rebuilds a pickled value.
pub fn rebuilder<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("loki")?.getattr("_loki")?.getattr(name)
}
