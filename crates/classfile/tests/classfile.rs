//! The cache file: round trip, damage, stale sums, merged and concurrent writers, the
//! parser on arbitrary bytes.
use loki_assess::range::{FlopClasses, CLASS_BYTES, CLASS_STORE_BYTES};
use loki_assess::RangeTable;
use loki_cards::Card;
use loki_classfile::{
    decode, encode, load_into, read_file, save, ClassFileError, FILE_NAME, MAX_FILE_BYTES,
};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A fresh directory under the system's temporary one.
fn temp_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let dir = std::env::temp_dir().join(format!(
        "loki-classfile-{name}-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A store with the classes of these flops swept.
fn store_of(flops: &[[u8; 3]]) -> FlopClasses {
    let store = FlopClasses::new(CLASS_STORE_BYTES);
    for f in flops {
        let board = f.map(|c| Card::from_index(c).unwrap());
        RangeTable::new_in(&board, &store).unwrap();
    }
    store
}

fn contents(store: &FlopClasses) -> BTreeMap<[u8; 3], Vec<u8>> {
    store
        .class_keys()
        .into_iter()
        .map(|k| (k, store.class_bytes(k).unwrap()))
        .collect()
}

const A: [[u8; 3]; 3] = [[0, 5, 10], [0, 4, 8], [12, 13, 14]];
const B: [[u8; 3]; 3] = [[0, 5, 10], [1, 2, 3], [20, 33, 46]];

#[test]
fn saved_classes_load_into_a_fresh_store_byte_for_byte() {
    let dir = temp_dir("roundtrip");
    let path = dir.join("sub").join(FILE_NAME);
    let store = store_of(&A);
    let saved = save(&store, &path).unwrap();
    assert_eq!((saved.classes, saved.written), (3, true));
    let again = save(&store, &path).unwrap();
    assert_eq!((again.classes, again.written), (3, false), "nothing new");
    let len = std::fs::metadata(&path).unwrap().len() as usize;
    assert_eq!(len, 8 + 16 + 3 * (4 + CLASS_BYTES) + 8);
    let fresh = FlopClasses::new(CLASS_STORE_BYTES);
    assert_eq!(load_into(&fresh, &path).unwrap(), 3);
    assert_eq!(contents(&fresh), contents(&store));
    assert_eq!(load_into(&fresh, &path).unwrap(), 0, "already stored");
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        names,
        vec![std::ffi::OsString::from(FILE_NAME)],
        "no temporary or lock file"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_damaged_file_is_ignored_and_replaced() {
    let dir = temp_dir("damaged");
    let path = dir.join(FILE_NAME);
    let store = store_of(&A);
    save(&store, &path).unwrap();
    let good = std::fs::read(&path).unwrap();
    for at in [0, 9, 13, 20, 25, 27, 1000, good.len() / 2, good.len() - 1] {
        let mut bad = good.clone();
        bad[at] ^= 0x40;
        std::fs::write(&path, &bad).unwrap();
        assert!(read_file(&path).is_err(), "byte {at} flipped");
        let fresh = FlopClasses::new(CLASS_STORE_BYTES);
        assert!(load_into(&fresh, &path).is_err());
        assert_eq!(fresh.stats().classes, 0, "nothing read from a damaged file");
    }
    std::fs::write(&path, &good[..good.len() - 1]).unwrap();
    assert!(matches!(
        read_file(&path),
        Err(ClassFileError::Length { .. })
    ));
    std::fs::write(&path, b"").unwrap();
    assert!(matches!(read_file(&path), Err(ClassFileError::Magic)));
    // The next save writes a valid file over the damaged one.
    let saved = save(&store, &path).unwrap();
    assert_eq!((saved.classes, saved.written), (3, true));
    assert_eq!(read_file(&path).unwrap(), contents(&store));
    // A file larger than any valid one is not read.
    let big = std::fs::File::create(&path).unwrap();
    big.set_len(MAX_FILE_BYTES as u64 + 1).unwrap();
    assert!(matches!(read_file(&path), Err(ClassFileError::TooLarge(_))));
    assert!(matches!(
        read_file(&dir.join("missing")),
        Err(ClassFileError::Io(_))
    ));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_file_of_other_sums_is_stale_even_with_a_good_checksum() {
    let dir = temp_dir("stale");
    let path = dir.join(FILE_NAME);
    let mut classes = contents(&store_of(&A));
    // Another sweep's sums for the first class (a live holding's count moved by one).
    let first = *classes.keys().next().unwrap();
    let bytes = classes.get_mut(&first).unwrap();
    let live = (0..1326)
        .find(|&i| bytes[i * 24..i * 24 + 24] != [0; 24])
        .unwrap();
    bytes[live * 24] ^= 1;
    std::fs::write(&path, encode(&classes)).unwrap();
    assert!(
        decode(&std::fs::read(&path).unwrap()).is_ok(),
        "well formed"
    );
    assert!(matches!(read_file(&path), Err(ClassFileError::Stale(k)) if k == first));
    let fresh = FlopClasses::new(CLASS_STORE_BYTES);
    assert!(load_into(&fresh, &path).is_err());
    assert_eq!(fresh.stats().classes, 0);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn two_writers_keep_the_union_of_their_classes() {
    let dir = temp_dir("merge");
    let path = dir.join(FILE_NAME);
    let (a, b) = (store_of(&A), store_of(&B));
    save(&a, &path).unwrap();
    let saved = save(&b, &path).unwrap();
    assert_eq!(saved.classes, 5);
    let mut union = contents(&a);
    union.extend(contents(&b));
    assert_eq!(read_file(&path).unwrap(), union);

    // Many writers at once, each with classes of its own: every class survives.
    let path = dir.join("concurrent.bin");
    let flops: Vec<[u8; 3]> = loki_assess::range::canonical_flops()
        .into_iter()
        .step_by(97)
        .take(8)
        .collect();
    let stores: Vec<FlopClasses> = flops.iter().map(|f| store_of(&[*f])).collect();
    std::thread::scope(|s| {
        for store in &stores {
            let path = &path;
            s.spawn(move || save(store, path).unwrap());
        }
    });
    let got = read_file(&path).unwrap();
    assert_eq!(got.len(), flops.len(), "every writer's class kept");
    // A lock left by a killed writer (older than a minute) does not stop the next one.
    let lock = dir.join("concurrent.bin.lock");
    let file = std::fs::File::create(&lock).unwrap();
    file.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(120))
        .unwrap();
    drop(file);
    let extra = store_of(&[[8, 9, 10]]);
    assert_eq!(save(&extra, &path).unwrap().classes, flops.len() + 1);
    assert!(!lock.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_parser_refuses_out_of_order_and_foreign_keys() {
    let store = store_of(&A);
    let classes = contents(&store);
    let good = encode(&classes);
    assert_eq!(decode(&good).unwrap().len(), 3);
    // Swap the first two records and fix the checksum: out of order.
    let record = 4 + CLASS_BYTES;
    let mut swapped = good[..good.len() - 8].to_vec();
    let (head, rest) = swapped.split_at_mut(24 + record);
    head[24..].swap_with_slice(&mut rest[..record]);
    let sum = loki_classfile::checksum(&swapped);
    swapped.extend_from_slice(&sum.to_le_bytes());
    assert!(matches!(decode(&swapped), Err(ClassFileError::Order(_))));
    // A key that is not canonical.
    let mut foreign = good[..good.len() - 8].to_vec();
    foreign[24..27].copy_from_slice(&[1, 0, 2]);
    let sum = loki_classfile::checksum(&foreign);
    foreign.extend_from_slice(&sum.to_le_bytes());
    assert!(decode(&foreign).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary bytes never panic the parser, and are (all but surely) refused.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        prop_assert!(decode(&bytes).is_err());
    }

    /// A valid header with an arbitrary rest never panics the parser.
    #[test]
    fn a_valid_header_with_arbitrary_rest_never_panics(
        rest in proptest::collection::vec(any::<u8>(), 0..(4 + CLASS_BYTES) * 2 + 16),
        count in 0u32..4,
    ) {
        let mut bytes = encode(&BTreeMap::new())[..20].to_vec();
        bytes.extend_from_slice(&count.to_le_bytes());
        bytes.extend_from_slice(&rest);
        let _ = decode(&bytes);
    }

    /// Any one byte changed in a valid file makes it refused.
    #[test]
    fn any_changed_byte_is_caught(at in 0usize..(24 + 4 + CLASS_BYTES + 8), flip in 1u8..=255) {
        let mut classes = BTreeMap::new();
        classes.insert([0u8, 1, 2], vec![0u8; CLASS_BYTES]);
        let mut bytes = encode(&classes);
        prop_assert!(decode(&bytes).is_ok());
        bytes[at] ^= flip;
        prop_assert!(decode(&bytes).is_err());
    }
}
