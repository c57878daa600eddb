//! The person's statistics persist in the profile store under the chosen name, and the
//! specific-modeling players use them from the first hand of the next session (through
//! the page's API, across two servers on the same file).
#![allow(missing_docs)]
use crate::common;
use common::{config, start, Client};
use loki_store::Store;

#[test]
fn a_person_is_remembered_by_name_across_servers() {
    let dir = std::env::temp_dir().join(format!("loki-web-profiles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("people.sqlite3");
    let mut cfg = config(4, "SOM,LOKI2,call");
    cfg.profiles = Some(path.clone());
    let hands = 6;
    {
        let server = start(cfg.clone());
        let mut c = Client::new(server.addr);
        let mut state = c.join("Ann Lee").json();
        // The first session: nobody knows Ann.
        for m in state["model"].as_array().unwrap() {
            for b in m["beliefs"].as_array().unwrap() {
                if b["seat"] == 0 {
                    assert_eq!(b["actions_seen"], 0);
                }
            }
        }
        for _ in 0..hands {
            if state["in_progress"] == false {
                state = c.next(state["step"].as_u64().unwrap()).json();
            }
            let answers = c.finish_hand(state.clone(), |_| false);
            state = answers
                .last()
                .map_or_else(|| c.state().json(), |r| r.json());
        }
        assert_eq!(state["hands_played"], hands);
        assert_eq!(server.app.profile_failures(), 0);
    }
    let profile = Store::open(&path)
        .unwrap()
        .profile("Ann Lee")
        .unwrap()
        .unwrap();
    assert_eq!(profile.hands, hands as u64);
    let seen = profile.counts.total();
    assert!(seen >= hands as u64);
    // A new server on the same file, another seed: SOM and LOKI2 know Ann at once.
    cfg.seed = Some(99);
    let server = start(cfg);
    let mut c = Client::new(server.addr);
    let state = c.join("Ann Lee").json();
    let mut about_ann = Vec::new();
    for m in state["model"].as_array().unwrap() {
        for b in m["beliefs"].as_array().unwrap() {
            if b["seat"] == 0 {
                about_ann.push(b["actions_seen"].as_u64().unwrap());
            }
        }
    }
    assert_eq!(about_ann.len(), 2, "SOM and LOKI2 are in the first hand");
    assert!(about_ann.iter().all(|&n| n >= seen), "{about_ann:?} {seen}");
    // Another name starts from nothing.
    let state = Client::new(server.addr).join("Bo").json();
    for m in state["model"].as_array().unwrap() {
        for b in m["beliefs"].as_array().unwrap() {
            if b["seat"] == 0 {
                assert_eq!(b["actions_seen"], 0);
            }
        }
    }
}
