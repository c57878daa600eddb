//! The server end to end, in one test binary: over HTTP on loopback (`api`, `history`,
//! `profiles`, `rooms`, `security`) and in headless Chromium (`a_hundred_hands`,
//! `browser`, `room_browser`). One binary builds once and runs the browser tests beside the others,
//! two at a time on two cores (each test has its own server, ChromeDriver and browser
//! profiles). `load.rs` and `room_load.rs` stay binaries of their own: each counts the
//! process's memory through its own allocator.
#![allow(missing_docs)]
#[path = "../common/chrome.rs"]
mod chrome;
#[path = "../common/mod.rs"]
mod common;
#[path = "../common/webdriver.rs"]
mod webdriver;

mod a_hundred_hands;
mod api;
mod browser;
mod history;
mod profiles;
mod room_browser;
mod rooms;
mod security;
