//! Profiles as people and programs read them: one profile as text (HUD line, the 36
//! categories' frequencies, the recent actions), as a JSON object, and as rows of a
//! tab-separated export (`loki profiles show|export`).
use crate::Profile;
use loki_engine::Action;

const ROUNDS: [&str; 4] = ["preflop", "flop", "turn", "river"];

fn pct(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |x| format!("{:.1}%", 100.0 * x))
}

/// One profile as text: the HUD line, the frequencies of the 36 categories with their
/// observations, and the recent actions.
pub fn profile_text(p: &Profile) -> String {
    let hud = p.hud();
    let mut out = format!(
        "{}: {} hands, VPIP {}, PFR {}, aggression factor {}\n",
        p.name,
        hud.hands,
        pct(hud.vpip),
        pct(hud.pfr),
        hud.af
            .map_or_else(|| "-".to_string(), |x| format!("{x:.2}"))
    );
    out.push_str("round    to call    fold   call  raise       n\n");
    for (r, name) in ROUNDS.iter().enumerate() {
        for b in 0..3 {
            let (f, n) = p.frequencies(r, b);
            let to_call = ["0", "1", "2+"][b];
            if n == 0 {
                out.push_str(&format!(
                    "{name:<8} {to_call:<8}      -      -      -       0\n"
                ));
            } else {
                out.push_str(&format!(
                    "{name:<8} {to_call:<8} {:>6.3} {:>6.3} {:>6.3} {n:>7}\n",
                    f.fold(),
                    f.call(),
                    f.raise()
                ));
            }
        }
    }
    let recent: Vec<String> = p
        .recent
        .iter()
        .map(|o| {
            format!(
                "{}/{}/{}",
                ROUNDS[usize::from(o.round)],
                ["0", "1", "2+"][usize::from(o.bets_to_call)],
                o.action
            )
        })
        .collect();
    out.push_str(&format!(
        "recent actions ({}): {}\n",
        recent.len(),
        recent.join(" ")
    ));
    out
}

/// One profile as a JSON object (`name`, `hands`, `vpip_hands`, `pfr_hands`, `vpip`,
/// `pfr`, `aggression`, `counts`, `recent` as `[round, bets to call, action]`).
pub fn profile_json(p: &Profile) -> serde_json::Value {
    let hud = p.hud();
    serde_json::json!({
        "name": p.name,
        "hands": p.hands,
        "vpip_hands": p.vpip_hands,
        "pfr_hands": p.pfr_hands,
        "vpip": hud.vpip,
        "pfr": hud.pfr,
        "aggression": hud.af.filter(|x| x.is_finite()),
        "counts": p.counts,
        "recent": p.recent.iter().map(|o| [o.round as usize, o.bets_to_call as usize, o.action.index()]).collect::<Vec<_>>(),
    })
}

/// The header of the tab-separated export: name, hands, VPIP and PFR hands, then the 36
/// counts as `ROUND_BETS_ACTION`.
pub fn tsv_header() -> String {
    let mut header = vec![
        "name".to_string(),
        "hands".into(),
        "vpip_hands".into(),
        "pfr_hands".into(),
    ];
    for r in ROUNDS {
        for b in ["0", "1", "2"] {
            for act in Action::ALL {
                header.push(format!("{r}_{b}_{act}"));
            }
        }
    }
    header.join("\t")
}

/// One profile as a row of the tab-separated export.
pub fn tsv_row(p: &Profile) -> String {
    let mut row = vec![
        p.name.clone(),
        p.hands.to_string(),
        p.vpip_hands.to_string(),
        p.pfr_hands.to_string(),
    ];
    row.extend(p.counts.0.iter().flatten().flatten().map(|c| c.to_string()));
    row.join("\t")
}

/// `loki profiles export`: the header and a tab-separated line per profile.
pub fn tsv(profiles: &[Profile]) -> String {
    let mut out = tsv_header();
    out.push('\n');
    for p in profiles {
        out.push_str(&tsv_row(p));
        out.push('\n');
    }
    out
}

/// `loki profiles export --json`: an array of [`profile_json`] objects.
pub fn profiles_json(profiles: &[Profile]) -> serde_json::Value {
    serde_json::Value::Array(profiles.iter().map(profile_json).collect())
}

#[cfg(test)]
mod export_tests {
    use super::*;

    #[test]
    fn tsv_and_json_have_a_row_per_profile() {
        let a = Profile {
            name: "ann".into(),
            ..Profile::default()
        };
        let b = Profile {
            name: "bob".into(),
            ..Profile::default()
        };
        let all = [a, b];
        let t = tsv(&all);
        assert_eq!(t.lines().count(), 3);
        assert!(t.starts_with(&tsv_header()));
        assert!(t.lines().nth(2).unwrap().starts_with("bob"));
        assert_eq!(profiles_json(&all).as_array().map(Vec::len), Some(2));
        assert_eq!(tsv(&[]), format!("{}\n", tsv_header()));
    }
}
