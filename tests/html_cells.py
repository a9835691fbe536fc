"""Reading widget HTML tables in tests."""

import re


def cells(html_text: str) -> dict[str, str]:
    """First cell of each table row -> its last cell (e.g. a metric's name -> its shown value)."""
    out = {}
    for row in re.findall(r"<tr>(.*?)</tr>", html_text):
        tds = re.findall(r"<td[^>]*>(.*?)</td>", row)
        if tds:
            out[tds[0]] = tds[-1]
    return out
