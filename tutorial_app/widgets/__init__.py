"""Small Streamlit helpers shared by the pages."""
