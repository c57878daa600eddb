//! Integer arguments checked against their range with the parameter's name: any Python
//! int is taken (a negative or huge one too, where a plain `usize` argument would raise a
//! bare `OverflowError` naming nothing), and the function refuses it with one line such as
//! "seats must be 2 to 10, got -3" (a `LokiError` subclass; a wrong type stays a
//! `TypeError`).
use crate::errors;
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;

/// Any Python int, saturated to `i128` (far beyond every range a parameter allows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Int(pub i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        let big = |e: PyErr| -> PyResult<Int> {
            if !e.is_instance_of::<PyOverflowError>(obj.py()) {
                return Err(e);
            }
            match obj.extract::<u64>() {
                Ok(v) => Ok(Int(i128::from(v))),
                Err(_) if obj.lt(0)? => Ok(Int(i128::MIN)),
                Err(_) => Ok(Int(i128::MAX)),
            }
        };
        match obj.extract::<i64>() {
            Ok(v) => Ok(Int(i128::from(v))),
            Err(e) => big(e),
        }
    }
}

impl Int {
    /// The value if it lies in `lo..=hi`, else `error("NAME must be LO to HI, got V")`.
    pub fn within<T: TryFrom<i128>>(
        self,
        name: &str,
        lo: i128,
        hi: i128,
        error: fn(String) -> PyErr,
    ) -> PyResult<T> {
        if (lo..=hi).contains(&self.0) {
            if let Ok(v) = T::try_from(self.0) {
                return Ok(v);
            }
        }
        Err(error(format!(
            "{name} must be {} to {}, got {}",
            shown(lo),
            shown(hi),
            shown(self.0)
        )))
    }
    /// A seed: 0 to 2**64 - 1.
    pub fn seed(self, name: &str) -> PyResult<u64> {
        self.within(name, 0, i128::from(u64::MAX), errors::lokierr)
    }
}

/// A bound or a value as a person reads it (2**64 - 1 rather than its digits; the
/// saturated ends of `Int` as "a number below/above" them).
fn shown(v: i128) -> String {
    match v {
        i128::MIN => "a number below -2**63".into(),
        i128::MAX => "a number above 2**64".into(),
        v if v == i128::from(u64::MAX) => "2**64 - 1".into(),
        v if v == i128::from(u32::MAX) => "2**32 - 1".into(),
        v => v.to_string(),
    }
}

/// An optional [`Int`] checked by `check`.
pub fn opt<T>(v: Option<Int>, check: impl FnOnce(Int) -> PyResult<T>) -> PyResult<Option<T>> {
    v.map(check).transpose()
}

/// A list of [`Int`]s, each checked as `NAME[i]`.
pub fn each<T, F>(v: Vec<Int>, name: &str, check: F) -> PyResult<Vec<T>>
where
    F: Fn(Int, &str) -> PyResult<T>,
{
    v.into_iter()
        .enumerate()
        .map(|(i, x)| check(x, &format!("{name}[{i}]")))
        .collect()
}

/// `result` with a `TypeError` naming the parameter it came from (`argument 'hole': ...`),
/// for arguments taken as any object and read by hand (PyO3 names the parameter of
/// those it extracts itself, in the error's note).
pub fn named<T>(py: Python<'_>, name: &str, result: PyResult<T>) -> PyResult<T> {
    result.map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
            pyo3::exceptions::PyTypeError::new_err(format!("argument '{name}': {}", e.value(py)))
        } else {
            e
        }
    })
}
