"""Over a scored frame: its index of codes, the aggregations the charts draw, time buckets and spikes, networks,
two views compared (with the test of their means) and who amplified whom.  Pure functions over frames and
records; nothing here draws or imports Streamlit or Altair.
"""
