//! `ClassCache`, the handle of the process's shared store backed by the file, and the
//! cache directory from the environment (its own test process: both touch process-wide
//! state).
use loki_assess::range::flop_classes;
use loki_assess::RangeTable;
use loki_cards::Card;
use loki_classfile::{cache_dir, ClassCache, FILE_NAME};
use std::path::PathBuf;
use std::sync::Arc;

#[test]
fn the_handle_loads_keeps_and_saves_the_shared_store() {
    let dir = std::env::temp_dir().join(format!("loki-classfile-handle-{}", std::process::id()));
    let path = dir.join(FILE_NAME);
    let board = [0u8, 5, 10].map(|c| Card::from_index(c).unwrap());
    {
        let cache = ClassCache::open(Some(path.clone()));
        assert!(
            Arc::ptr_eq(cache.store(), &flop_classes()),
            "the shared store"
        );
        assert_eq!(cache.store().stats().classes, 0, "no file yet");
        RangeTable::new_in(&board, &flop_classes()).unwrap();
        assert_eq!(cache.save().unwrap().map(|s| s.classes), Some(1));
        assert_eq!(cache.save().unwrap(), None, "nothing new");
        RangeTable::new_in(
            &[1u8, 2, 3].map(|c| Card::from_index(c).unwrap()),
            cache.store(),
        )
        .unwrap();
    } // dropped: saves the second class, and the store is freed
    assert_eq!(flop_classes().stats().classes, 0, "a fresh store");
    let cache = ClassCache::open(Some(path.clone()));
    assert_eq!(cache.store().stats().classes, 2, "both classes read");
    RangeTable::new_in(&board, cache.store()).unwrap();
    assert_eq!(
        cache.store().stats().hits,
        1,
        "served from the file's class"
    );
    assert_eq!(cache.save().unwrap(), None);
    drop(cache);
    let off = ClassCache::open(None);
    assert!(off.path().is_none());
    drop(off);
    std::fs::remove_dir_all(dir).unwrap();

    // The directory: LOKI_CACHE_DIR, off, XDG_CACHE_HOME, HOME.
    std::env::set_var("LOKI_CACHE_DIR", "/tmp/x");
    assert_eq!(cache_dir(), Some(PathBuf::from("/tmp/x")));
    std::env::set_var("LOKI_CACHE_DIR", "off");
    assert_eq!(cache_dir(), None);
    assert!(ClassCache::from_env(false).path().is_none());
    std::env::remove_var("LOKI_CACHE_DIR");
    std::env::set_var("XDG_CACHE_HOME", "/tmp/xdg");
    assert_eq!(cache_dir(), Some(PathBuf::from("/tmp/xdg/loki")));
    std::env::set_var("XDG_CACHE_HOME", "relative");
    std::env::set_var("HOME", "/tmp/home");
    assert_eq!(cache_dir(), Some(PathBuf::from("/tmp/home/.cache/loki")));
    assert!(
        ClassCache::from_env(true).path().is_none(),
        "--no-class-cache"
    );
}
