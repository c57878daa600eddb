//! The session's hand history, downloaded from the page, replays in PokerKit 0.7.7
//! (`scripts/pokerkit_check.py`: every action applies without a repair, the same
//! finishing stacks). Needs `python3` with `pokerkit==0.7.7`; without it the test says
//! it is skipped, unless `LOKI_REQUIRE_POKERKIT=1` (CI), where it fails.
#![allow(missing_docs)]
use crate::common;
use common::{config, start, Client};
use std::path::Path;
use std::process::Command;

fn pokerkit() -> bool {
    Command::new("python3")
        .args(["-c", "import pokerkit"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_downloaded_history_replays_in_pokerkit() {
    let server = start(config(6, "SOM,GOM,LOKI2,raise,call"));
    let mut c = Client::new(server.addr);
    let mut state = c.join("Ann").json();
    let hands = 24;
    for h in 0..hands {
        if state["in_progress"] == false {
            state = c.next(state["step"].as_u64().unwrap()).json();
        }
        // Call, raise or fold by turns, so that raises, folds and showdowns all occur.
        while state["in_progress"] == true {
            let step = state["step"].as_u64().unwrap();
            let legal = &state["legal"];
            let action = match (step + h) % 5 {
                0 if legal["fold"] == true => "fold",
                1 | 2 if legal["raise"] == true => "raise",
                _ => "call",
            };
            let r = c.act(0, action, step);
            assert_eq!(r.status, 200, "{}", r.body);
            state = r.json();
        }
    }
    let phh = c.send("GET", "/api/history.phhs", None);
    assert_eq!(phh.status, 200);
    assert_eq!(
        phh.header("content-disposition"),
        Some("attachment; filename=\"loki-session.phhs\"")
    );
    assert_eq!(phh.body.matches("variant = \"FT\"").count(), hands as usize);
    assert!(phh.body.contains("????") && phh.body.contains(" sm "));
    let dir = std::env::temp_dir().join(format!("loki-web-history-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("session.phhs");
    std::fs::write(&file, &phh.body).unwrap();
    if !pokerkit() {
        assert!(
            std::env::var("LOKI_REQUIRE_POKERKIT").map_or(true, |v| v != "1"),
            "LOKI_REQUIRE_POKERKIT=1 but python3 cannot import pokerkit"
        );
        eprintln!(
            "skipped: PokerKit replay (pip install pokerkit==0.7.7); the history is in {}",
            file.display()
        );
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/pokerkit_check.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(text.trim(), format!("{hands} hands, 0 bad"), "{text}");
}
