#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads lecteur audit reports with the real tools that consume them; prints what they said and
exits non-zero when one refuses the report.

  audit-consumers.py axe REPORT.json     axe-selenium-python and axe-playwright-python reports,
                                         every target parsed by cssselect
  audit-consumers.py sarif REPORT.sarif  the OASIS SARIF 2.1.0 schema (jsonschema)
  audit-consumers.py junit REPORT.xml    Jenkins junit-10.xsd on the document, Surefire's 3.0 XSD
                                         on each <testsuite> (Surefire writes one per file)
"""
import json, os, subprocess, sys, tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))


def axe(path):
    from axe_selenium_python import Axe
    from axe_playwright_python.base import AxeResults
    import cssselect
    report = json.load(open(path, encoding="utf-8"))
    text = Axe(None).report(report["violations"])
    print(text)
    print(AxeResults(report).generate_report())
    print("violations_count", AxeResults(report).violations_count)
    targets = 0
    for bucket in ("violations", "incomplete", "passes"):
        for rule in report[bucket]:
            for node in rule["nodes"]:
                for target in node["target"]:
                    cssselect.parse(target)
                    targets += 1
    print("targets parsed", targets)
    print("url", report["url"], "timestamp", report["timestamp"])


def sarif(path):
    import jsonschema
    schema = json.load(open(os.path.join(HERE, "sarif-schema-2.1.0.json"), encoding="utf-8"))
    log = json.load(open(path, encoding="utf-8"))
    errors = list(jsonschema.Draft4Validator(schema).iter_errors(log))
    for error in errors[:10]:
        print("schema error:", "/".join(map(str, error.path)), error.message[:300])
    print("schema errors", len(errors))
    print("results", len(log["runs"][0]["results"]))
    if errors:
        sys.exit(1)


def xmllint(schema, path):
    run = subprocess.run(["xmllint", "--noout", "--schema", os.path.join(HERE, schema), path],
                         capture_output=True, text=True)
    print(run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "")
    return run.returncode


def junit(path):
    failed = xmllint("junit-10.xsd", path) != 0
    root = ET.parse(path).getroot()
    with tempfile.TemporaryDirectory() as folder:
        for i, suite in enumerate(root.findall("testsuite")):
            one = os.path.join(folder, "TEST-%d.xml" % i)
            # Surefire's 3.0 XSD predates `timestamp` (Jenkins' and GitLab's readers want it;
            # Surefire's own reader ignores attributes it does not know): checked by
            # junit-10.xsd above, taken off this copy only.
            suite.attrib.pop("timestamp", None)
            ET.ElementTree(suite).write(one, encoding="UTF-8", xml_declaration=True)
            if xmllint("surefire-test-report-3.0.xsd", one) != 0:
                failed = True
    print("surefire suites", len(root.findall("testsuite")))
    sys.exit(1 if failed else 0)


{"axe": axe, "sarif": sarif, "junit": junit}[sys.argv[1]](sys.argv[2])
