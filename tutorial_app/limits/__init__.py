"""What may enter, and how much: the bounds every file, link, parameter and form is held
to (sizes, whole numbers, seeds, display names, learner tokens and transfer codes).

Pure rules, no Streamlit: pages check them on the way in and the store checks them
again on the way out, so this is the one app package the store may import."""
