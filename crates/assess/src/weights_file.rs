//! The weights file of `loki assess --weights FILE`: a JSON object mapping holdings
//! ("AcKd", either card order) to weights in [0, 1]. Holdings not listed weigh 1.0.
//! A holding listed twice (in either order), a weight outside [0, 1], a key that is not
//! a holding, or anything but an object of numbers is an error. (serde_json's own maps
//! keep the last of duplicate keys silently, so the entries are read in order here.)
//! Holdings that contain a known card are accepted and simply never counted.
use crate::{AssessError, WeightTable};
use loki_cards::{HoleCards, HOLDINGS};
use serde::de::{Deserializer, MapAccess, Visitor};
use std::fmt;

struct Entries(Vec<(String, f64)>);

impl<'de> serde::Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Entries, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Entries;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object mapping holdings to weights")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Entries, A::Error> {
                let mut v = Vec::new();
                while let Some((k, x)) = m.next_entry::<String, f64>()? {
                    v.push((k, x));
                }
                Ok(Entries(v))
            }
        }
        d.deserialize_map(V)
    }
}

/// Parses a weights file (see the module docs) into a table.
///
/// # Errors
/// [`AssessError::WeightsFormat`], [`AssessError::UnknownHolding`],
/// [`AssessError::DuplicateHolding`] or [`AssessError::WeightOutOfRange`].
pub fn parse_weights_json(text: &str) -> Result<WeightTable, AssessError> {
    let Entries(entries) =
        serde_json::from_str(text).map_err(|e| AssessError::WeightsFormat(e.to_string()))?;
    let mut w = [1.0f64; HOLDINGS];
    let mut seen = vec![false; HOLDINGS];
    for (k, x) in entries {
        let h: HoleCards = k
            .trim()
            .parse()
            .map_err(|_| AssessError::UnknownHolding(k.clone()))?;
        if !(0.0..=1.0).contains(&x) {
            return Err(AssessError::WeightOutOfRange {
                holding: k,
                weight: x,
            });
        }
        let i = h.index();
        if seen[i] {
            return Err(AssessError::DuplicateHolding(h.to_string()));
        }
        seen[i] = true;
        w[i] = x;
    }
    WeightTable::from_weights(&w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_in_either_order_are_errors() {
        assert!(matches!(
            parse_weights_json(r#"{"AcKd": 0.5, "KdAc": 0.5}"#),
            Err(AssessError::DuplicateHolding(_))
        ));
        assert!(matches!(
            parse_weights_json(r#"{"AcKd": 0.5, "AcKd": 0.4}"#),
            Err(AssessError::DuplicateHolding(_))
        ));
        assert!(matches!(
            parse_weights_json(r#"{"AcAc": 0.5}"#),
            Err(AssessError::UnknownHolding(_))
        ));
        assert!(matches!(
            parse_weights_json(r#"{"AcKd": 1.5}"#),
            Err(AssessError::WeightOutOfRange { .. })
        ));
        assert!(parse_weights_json("[1]").is_err());
        let t = parse_weights_json(r#"{"KdAc": 0.25}"#).unwrap();
        let h: HoleCards = "AcKd".parse().unwrap();
        assert_eq!(t.get(h), 0.25);
        assert_eq!(t.sum(), 1325.25);
    }
}
