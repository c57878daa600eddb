//! The bankroll board, as the IRC poker server kept "bankroll statistics on each player"
//! (Billings, Papp, Schaeffer, Szafron 1998, "Opponent Modeling in Poker", the
//! experiments on the IRC server): for each person by name and each kind of bot, the
//! hands played, the net chips and the net in big blinds, across sessions and rooms (the
//! stakes may differ from one room to the next, so bb/100 comes from the big blinds).
//! Schema version 3 added its table (`bankroll`); an older file gains it when opened.
use rusqlite::{params, Connection, Transaction};

/// Version 3: the bankroll board.
pub(crate) const SCHEMA_V3: &str = "
CREATE TABLE IF NOT EXISTS bankroll (
    name TEXT NOT NULL,
    bot INTEGER NOT NULL CHECK (bot IN (0, 1)),
    hands INTEGER NOT NULL DEFAULT 0 CHECK (hands >= 0),
    net INTEGER NOT NULL DEFAULT 0,
    net_bb REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (name, bot)
) WITHOUT ROWID;
";

/// One player's result in one hand.
#[derive(Debug, Clone, PartialEq)]
pub struct HandResult {
    /// A person's name, or a bot's kind (`SOM`).
    pub name: String,
    /// Whether it is a bot's kind.
    pub bot: bool,
    /// Net chips in the hand.
    pub net: i64,
    /// The hand's big blind.
    pub big_blind: i64,
}

/// A row of the board.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct BankrollRow {
    /// A person's name, or a bot's kind.
    pub name: String,
    /// Whether it is a bot's kind.
    pub bot: bool,
    /// Hands played.
    pub hands: u64,
    /// Net chips.
    pub net: i64,
    /// Net big blinds per 100 hands (two decimals).
    pub bb_per_100: f64,
}

/// Adds one hand's results in `tx` (the caller checked the names and commits).
pub(crate) fn add(tx: &Transaction<'_>, results: &[HandResult]) -> rusqlite::Result<()> {
    for r in results {
        let bb = if r.big_blind > 0 {
            r.net as f64 / r.big_blind as f64
        } else {
            0.0
        };
        tx.execute(
            "INSERT INTO bankroll (name, bot, hands, net, net_bb) VALUES (?1, ?2, 1, ?3, ?4)
             ON CONFLICT (name, bot) DO UPDATE SET hands = hands + 1, net = net + ?3,
             net_bb = net_bb + ?4",
            params![r.name, r.bot, r.net, bb],
        )?;
    }
    Ok(())
}

/// The `limit` rows with the most hands (then by name).
pub(crate) fn board(conn: &Connection, limit: usize) -> rusqlite::Result<Vec<BankrollRow>> {
    let mut st = conn.prepare(
        "SELECT name, bot, hands, net, net_bb FROM bankroll
         ORDER BY hands DESC, name, bot LIMIT ?1",
    )?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = st.query_map([limit], |r| {
        let hands: i64 = r.get(2)?;
        let net_bb: f64 = r.get(4)?;
        let per100 = if hands > 0 {
            (net_bb * 100.0 / hands as f64 * 100.0).round() / 100.0
        } else {
            0.0
        };
        Ok(BankrollRow {
            name: r.get(0)?,
            bot: r.get(1)?,
            hands: u64::try_from(hands).unwrap_or(0),
            net: r.get(3)?,
            bb_per_100: per100,
        })
    })?;
    rows.collect()
}
