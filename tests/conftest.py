"""Shared test settings."""

import os

import matplotlib
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")
os.environ.setdefault("IPYKERNEL_CELL_NAME", "<IPY-INPUT>")

settings.register_profile(
    "course", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("course")
