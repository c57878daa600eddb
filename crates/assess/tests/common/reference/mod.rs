//! The reference implementations the fast code of `crates/assess/src/range/` replaced,
//! kept to compare it with: in the integration tests (`tests/range_reference.rs`, run by
//! the normal `cargo test`) and timed beside it by the criterion bench
//! (`benches/range.rs`, which includes this directory by path). They read the crate's
//! internals through `loki_assess::range::internals` (doc-hidden, not an API).
pub mod board;
pub mod counts;
pub mod next_card;
pub mod rows;
