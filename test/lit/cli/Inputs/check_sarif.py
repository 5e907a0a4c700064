"""Checks a SARIF log against what GitHub code scanning requires of an upload
(version 2.1.0, a tool driver with rules, results with ruleId, message text
and physical locations with a region), and that every ruleIndex points at
its rule."""
import json
import sys

log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0", log["version"]
assert log["$schema"].endswith("sarif-2.1.0.json")
runs = log["runs"]
rules = runs[0]["tool"]["driver"]["rules"]
assert runs[0]["tool"]["driver"]["name"]
results = runs[0]["results"]
for result in results:
    assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    assert result["message"]["text"]
    assert result["level"] in ("error", "warning", "note")
    for loc in result["locations"] + result.get("relatedLocations", []):
        region = loc["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert loc["physicalLocation"]["artifactLocation"]["uri"]
print(f"ok: {len(runs)} run, {len(rules)} rules, {len(results)} results")
