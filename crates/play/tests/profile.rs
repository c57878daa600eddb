//! The person's statistics persist in the profile store, keyed by the person's name, and
//! the specific-modeling players start the next session from them.
use loki_agent::stats_from_profile;
use loki_bot::LokiConfig;
use loki_engine::Action;
use loki_play::{Session, TableSpec, PERSON};
use loki_store::Store;
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("loki-play-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("profiles.sqlite3")
}

fn spec(seed: u64) -> TableSpec {
    let mut spec = TableSpec::new("Ann Lee", seed);
    spec.bots = "SOM,LOKI2,GOM,call".into();
    spec.seats = 5;
    spec
}

/// Plays `hands` hands, raising whenever the person may (an unusual style), saving the
/// person's profile after every hand.
fn play(s: &mut Session, store: &mut Store, hands: usize) {
    for _ in 0..hands {
        s.next_hand(s.step()).unwrap();
        while s.in_progress() {
            let raise = s.view().legal.unwrap().raise;
            let a = if raise { Action::Raise } else { Action::Call };
            s.act(PERSON, a, s.step()).unwrap();
        }
        store
            .record_hand(&s.take_profile_updates(), s.window())
            .unwrap();
    }
}

#[test]
fn the_next_session_starts_from_the_stored_profile() {
    let path = temp("next");
    let mut store = Store::open(&path).unwrap();
    let mut first = Session::new(&spec(1), LokiConfig::default(), None).unwrap();
    play(&mut first, &mut store, 15);
    let profile = store.profile("Ann Lee").unwrap().expect("a profile");
    assert_eq!(profile.hands, 15);
    // The store holds exactly what the bots of the first session learned about the person.
    let som = first
        .loki(1)
        .unwrap()
        .model(loki_engine::Seat::new(PERSON))
        .unwrap();
    assert_eq!(som.stats.table(), profile.counts);
    let total = profile.counts.total();
    assert!(total >= 15);
    // A later session (another seed) under the same name: every Loki player knows the
    // person before the first hand, recent windows included.
    drop(store);
    let store = Store::open(&path).unwrap();
    let profile = store.profile("Ann Lee").unwrap().unwrap();
    let mut second = Session::new(&spec(2), LokiConfig::default(), Some(&profile)).unwrap();
    let stats = stats_from_profile(&profile, second.window());
    for seat in 1..4 {
        let loki = second.loki(seat).unwrap();
        assert_eq!(
            loki.model(loki_engine::Seat::new(PERSON)).unwrap().stats,
            stats,
            "seat {seat}"
        );
    }
    assert!(second.loki(4).is_none(), "call is not a Loki player");
    // ... and uses it at its first decision of the first hand: the model view says so.
    second.next_hand(0).unwrap();
    let v = second.view();
    let about_you: Vec<u32> = v
        .model
        .unwrap()
        .iter()
        .flat_map(|m| {
            m.beliefs
                .iter()
                .filter(|b| b.seat == PERSON)
                .map(|b| b.actions_seen)
        })
        .collect();
    assert!(!about_you.is_empty());
    assert!(
        about_you.iter().all(|&n| u64::from(n) >= total),
        "{about_you:?} {total}"
    );
    // A new name starts from nothing.
    let mut other = spec(2);
    other.person = "Bo".into();
    let fresh = Session::new(
        &other,
        LokiConfig::default(),
        store.profile("Bo").unwrap().as_ref(),
    )
    .unwrap();
    assert_eq!(
        fresh
            .loki(1)
            .unwrap()
            .model(loki_engine::Seat::new(PERSON))
            .map_or(0, |m| m.stats.total()),
        0
    );
}

#[test]
fn a_profile_changes_the_specific_model_and_not_the_generic_one() {
    // SOM blends the person's frequencies into its model; GOM uses defaults only. After a
    // session of raising, SOM's first-hand frequencies for the person differ from a fresh
    // SOM's; GOM's do not.
    let path = temp("blend");
    let mut store = Store::open(&path).unwrap();
    let mut first = Session::new(&spec(1), LokiConfig::default(), None).unwrap();
    play(&mut first, &mut store, 25);
    let profile = store.profile("Ann Lee").unwrap().unwrap();
    let freqs = |profile: Option<&loki_store::Profile>| {
        let mut s = Session::new(&spec(9), LokiConfig::default(), profile).unwrap();
        let mut out = None;
        // Find a first decision of SOM (seat 1) and GOM (seat 3) that models the person.
        for _ in 0..30 {
            s.next_hand(s.step()).unwrap();
            let v = s.view();
            let m = v.model.unwrap();
            let get = |seat: usize| {
                m.iter()
                    .find(|x| x.seat == seat)
                    .and_then(|x| x.beliefs.iter().find(|b| b.seat == PERSON))
                    .and_then(|b| b.frequencies)
            };
            if let (Some(a), Some(b)) = (get(1), get(3)) {
                out = Some((a, b));
                break;
            }
            while s.in_progress() {
                s.act(PERSON, Action::Call, s.step()).unwrap();
            }
        }
        out.expect("SOM and GOM decided before the person in some hand")
    };
    let (som_fresh, gom_fresh) = freqs(None);
    let (som_known, gom_known) = freqs(Some(&profile));
    assert_eq!(gom_fresh, gom_known);
    assert_ne!(som_fresh, som_known);
}
