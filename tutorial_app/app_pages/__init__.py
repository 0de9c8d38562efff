"""One Streamlit page per file; ``tutorial_app.navigation`` lists them."""
