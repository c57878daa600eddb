//! profit.png beside a whole run's results.json: the profit plot of every kind over the
//! deals (the Loki paper's Figure 4), drawn by loki-plot from what the run returns. At the
//! command line's edge, so that the simulator (and the Python module, through LBR) does
//! not build the drawing stack.
use anyhow::Result;
use loki_sim::WholeResult;
use std::path::Path;

/// Draws `run`'s profit plot into `out`/profit.png.
pub fn draw(run: &WholeResult, out: &Path) -> Result<()> {
    let inputs = &run.inputs;
    loki_plot::profit_png(
        &out.join("profit.png"),
        &run.ledgers,
        &run.kinds,
        inputs.seats.len(),
        &loki_plot::Caption {
            hands: inputs.hands * inputs.matches.max(1),
            deals: inputs.deals,
            seed: inputs.seed,
            matches: inputs.matches,
        },
    )?;
    Ok(())
}
