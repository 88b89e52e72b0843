"""A lending library written with Django REST framework and described by drf-spectacular, the
way Django back ends are written, so that its OpenAPI description and its payloads are the ones
those libraries produce: `Scripts/drf-payloads.py` writes the description to `Specs/library.yaml`
and checks payloads that the framework renders against the Swift that Courier generates.
"""
