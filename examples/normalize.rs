//! Prints the schema of a definition given as JSON on stdin (serde_json backend).
use std::io::Read;

fn main() {
    let mut s = String::new();
    if std::io::stdin().read_to_string(&mut s).is_err() {
        std::process::exit(2);
    }
    let v: serde_json::Value = match serde_json::from_str(&s) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("invalid JSON: {e}");
            std::process::exit(2);
        }
    };
    let opts = v.get("options");
    match tool_schema::normalize_json(&v["definition"], opts) {
        Ok((schema, warnings)) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&schema).unwrap_or_default()
            );
            for w in warnings {
                eprintln!("warning {} at {}: {}", w.code, w.path, w.message);
            }
        }
        Err(e) => {
            eprintln!("ValueError: {e}");
            std::process::exit(1);
        }
    }
}
