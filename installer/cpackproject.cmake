# SPDX-License-Identifier: Apache-2.0
# Read by cpack for each generator (CPACK_PROJECT_CONFIG_FILE). The Debian packages' component
# descriptions start with their own synopsis: without this, CPackDeb would put the project's
# one-line summary in front of both, giving the two packages one synopsis.
if(CPACK_GENERATOR STREQUAL "DEB")
    set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
endif()
