//! What a long command does on Ctrl-C (SIGINT): says where it stopped and how to go on,
//! then exits with status 130.

/// On Ctrl-C (SIGINT), prints `message()` and exits with status 130.
pub fn on_ctrl_c(message: impl FnOnce() -> String + Send + 'static) {
    std::thread::spawn(move || {
        let Ok(rt) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return; // no handler: Ctrl-C stops the command without a word
        };
        if rt.block_on(tokio::signal::ctrl_c()).is_err() {
            return;
        }
        eprintln!("{}", message());
        std::process::exit(130);
    });
}
