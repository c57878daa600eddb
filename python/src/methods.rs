//! The `#[pymethods]` block of a class (PyO3 takes one block a type): the getters it lists
//! one a line (`/// doc`, then `name: Type = value;`, with `|x = self.0|` or `|x = self|`
//! naming what the values read) and the methods written out. `frozen_methods!` adds
//! `copy.copy` and `copy.deepcopy` of an immutable class: the object itself. And
//! [`rebuilder`], the module function that unpickles a class.
use pyo3::prelude::*;

macro_rules! methods {
    ($ty:ident, |$this:ident = self.0| {
        $( $(#[$doc:meta])* $name:ident: $ret:ty = $get:expr; )*
    } $($own:tt)*) => {
        #[pymethods]
        impl $ty {
            $(
                $(#[$doc])*
                #[getter]
                fn $name(&self) -> $ret {
                    let $this = &self.0;
                    $get
                }
            )*
            $($own)*
        }
    };
    ($ty:ident, |$this:ident = self| {
        $( $(#[$doc:meta])* $name:ident: $ret:ty = $get:expr; )*
    } $($own:tt)*) => {
        #[pymethods]
        impl $ty {
            $(
                $(#[$doc])*
                #[getter]
                fn $name(&self) -> $ret {
                    let $this = self;
                    $get
                }
            )*
            $($own)*
        }
    };
}

macro_rules! frozen_methods {
    ($ty:ident, |$this:ident = self $(. $field:tt)?| { $($getters:tt)* } $($own:tt)*) => {
        methods!($ty, |$this = self $(. $field)?| { $($getters)* }
            $($own)*
            fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
                slf
            }
            fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
                slf
            }
        );
    };
}

/// The module function (`loki._loki.NAME`) that rebuilds a pickled value.
pub fn rebuilder<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("loki")?.getattr("_loki")?.getattr(name)
}
