#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Offline checker for a directory of NetBox bulk-import CSV files.

Usage: check.py [--device-types YAML_DIR] DIR

DIR holds files named NN-<model>.csv (01-sites.csv, 02-locations.csv, ...), imported in
file-name order, one file per NetBox "Import" page. Each problem is printed as
`FILE:LINE: problem`; notes that do not block an import are printed as `FILE:LINE: warning: ...`
and are not counted. The last line is `N files, M rows, P problems`. Exit status: 0 when there
are no problems, 1 when there are, and 2 on a usage error.

The rules below restate what NetBox does. They were read from netbox-community/netbox
v4.6.8, commit 43fe81f9e833228c9869f7ddadb67e6c5f145060 (see README.md and the spec). The
device-type YAML rules come from netbox-community/devicetype-library schema/devicetype.json
and schema/components.json. Nothing here is NetBox code; the tables are facts, and each group
cites the NetBox file it was read from.
"""

import csv
import os
import re
import sys
from decimal import Decimal, InvalidOperation

NETBOX_VERSION = '4.6.8'
NETBOX_COMMIT = '43fe81f9e833228c9869f7ddadb67e6c5f145060'


def _words(text):
    return frozenset(text.split())


# ----------------------------------------------------------------------------------------------
# Choice values (NetBox v4.6.8 @ 43fe81f9). Stock values only; an installation can extend the
# sets that carry a `key` (statuses, airflow) through FIELD_CHOICES.
# Source: netbox/dcim/choices.py, netbox/netbox/choices.py (weight unit, colours),
# netbox/wireless/choices.py (rf_role).
# ----------------------------------------------------------------------------------------------
CHOICES = {
    'site_status': _words('planned staging active decommissioning retired'),
    'location_status': _words('planned staging active decommissioning retired'),
    'rack_status': _words('reserved available planned active deprecated'),
    'rack_form_factor': _words('2-post-frame 4-post-frame 4-post-cabinet wall-frame wall-frame-vertical '
                               'wall-cabinet wall-cabinet-vertical'),
    'rack_width': _words('10 19 21 23'),
    'rack_dimension_unit': _words('mm in'),
    'rack_airflow': _words('front-to-rear rear-to-front'),
    'weight_unit': _words('kg g lb oz'),
    'subdevice_role': _words('parent child'),
    'device_face': _words('front rear'),
    'device_status': _words('offline active planned staged failed inventory decommissioning'),
    'device_airflow': _words('front-to-rear rear-to-front left-to-right right-to-left side-to-rear '
                             'rear-to-side bottom-to-top top-to-bottom passive mixed'),
    'interface_duplex': _words('half full auto'),
    'interface_mode': _words('access tagged tagged-all q-in-q'),
    'poe_mode': _words('pd pse'),
    'poe_type': _words('type1-ieee802.3af type2-ieee802.3at type3-ieee802.3bt type4-ieee802.3bt '
                       'passive-24v-2pair passive-24v-4pair passive-48v-2pair passive-48v-4pair'),
    'rf_role': _words('ap station'),
    'cable_type': _words('cat3 cat5 cat5e cat6 cat6a cat7 cat7a cat8 mrj21-trunk dac-active dac-passive '
                         'coaxial rg-6 rg-8 rg-11 rg-59 rg-62 rg-213 lmr-100 lmr-200 lmr-400 mmf mmf-om1 '
                         'mmf-om2 mmf-om3 mmf-om4 mmf-om5 smf smf-os1 smf-os2 aoc power usb'),
    'link_status': _words('connected planned decommissioning'),
    'cable_profile': _words('single-1c1p single-1c2p single-1c4p single-1c6p single-1c8p single-1c12p '
                            'single-1c16p trunk-2c1p trunk-2c2p trunk-2c4p trunk-2c4p-shuffle trunk-2c6p '
                            'trunk-2c8p trunk-2c12p trunk-4c1p trunk-4c2p trunk-4c4p trunk-4c4p-shuffle '
                            'trunk-4c6p trunk-4c8p trunk-8c4p breakout-1c2p-2c1p breakout-1c4p-4c1p '
                            'breakout-1c6p-6c1p breakout-1c8p-8c1p breakout-2c4p-8c1p-shuffle'),
    'length_unit': _words('km m cm mi ft in'),
    'powerfeed_status': _words('offline active planned failed'),
    'powerfeed_type': _words('primary redundant'),
    'powerfeed_supply': _words('ac dc'),
    'powerfeed_phase': _words('single-phase three-phase'),
    'interface_type': _words('''
        virtual bridge lag 100base-fx 100base-lfx 100base-tx 100base-t1 1000base-bx10-d 1000base-bx10-u
        1000base-cwdm 1000base-cx 1000base-dwdm 1000base-ex 1000base-lsx 1000base-lx 1000base-lx10
        1000base-sx 1000base-t 1000base-tx 1000base-zx 2.5gbase-t 5gbase-t 10gbase-br-d 10gbase-br-u
        10gbase-cu 10gbase-cx4 10gbase-er 10gbase-lr 10gbase-lrm 10gbase-lx4 10gbase-sr 10gbase-t
        10gbase-zr 25gbase-cr 25gbase-er 25gbase-lr 25gbase-sr 25gbase-t 40gbase-cr4 40gbase-er4
        40gbase-fr4 40gbase-lr4 40gbase-sr4 40gbase-sr4-bd 50gbase-cr 50gbase-er 50gbase-fr 50gbase-lr
        50gbase-sr 100gbase-cr1 100gbase-cr2 100gbase-cr4 100gbase-cr10 100gbase-cwdm4 100gbase-dr
        100gbase-er4 100gbase-fr1 100gbase-lr1 100gbase-lr4 100gbase-sr1 100gbase-sr1.2 100gbase-sr2
        100gbase-sr4 100gbase-sr10 100gbase-zr 200gbase-cr2 200gbase-cr4 200gbase-dr4 200gbase-er4
        200gbase-fr4 200gbase-lr4 200gbase-sr2 200gbase-sr4 200gbase-vr2 400gbase-cr4 400gbase-dr4
        400gbase-er8 400gbase-fr4 400gbase-fr8 400gbase-lr4 400gbase-lr8 400gbase-sr4 400gbase-sr4_2
        400gbase-sr8 400gbase-sr16 400gbase-vr4 400gbase-zr 800gbase-cr8 800gbase-dr8 800gbase-sr8
        800gbase-vr8 1.6tbase-cr8 1.6tbase-dr8 1.6tbase-dr8-2 100base-x-sfp 1000base-x-gbic
        1000base-x-sfp 2.5gbase-x-sfp 10gbase-x-sfpp 10gbase-x-xenpak 10gbase-x-xfp 10gbase-x-x2
        25gbase-x-sfp28 40gbase-x-qsfpp 50gbase-x-sfp28 50gbase-x-sfp56 100gbase-x-cfp 100gbase-x-cfp2
        100gbase-x-cfp4 100gbase-x-cxp 100gbase-x-cpak 100gbase-x-dsfp 100gbase-x-qsfp28
        100gbase-x-qsfpdd 100gbase-x-sfp112 100gbase-x-sfpdd 200gbase-x-cfp2 200gbase-x-qsfp56
        200gbase-x-qsfpdd 400gbase-x-qsfp112 400gbase-x-qsfpdd 400gbase-x-cdfp 400gbase-x-cfp2
        400gbase-x-cfp8 400gbase-x-osfp 400gbase-x-osfp-rhs 800gbase-x-osfp 800gbase-x-qsfpdd
        1.6tbase-x-osfp1600 1.6tbase-x-osfp1600-rhs 1.6tbase-x-qsfpdd1600 1000base-kx 2.5gbase-kx
        5gbase-kr 10gbase-kr 10gbase-kx4 25gbase-kr 40gbase-kr4 50gbase-kr 100gbase-kp4 100gbase-kr2
        100gbase-kr4 1.6tbase-kr8 ieee802.11a ieee802.11g ieee802.11n ieee802.11ac ieee802.11ad
        ieee802.11ax ieee802.11ay ieee802.11be ieee802.15.1 ieee802.15.4 other-wireless gsm cdma lte 4g
        5g sonet-oc3 sonet-oc12 sonet-oc48 sonet-oc192 sonet-oc768 sonet-oc1920 sonet-oc3840 1gfc-sfp
        2gfc-sfp 4gfc-sfp 8gfc-sfpp 16gfc-sfpp 32gfc-sfp28 32gfc-sfpp 64gfc-qsfpp 64gfc-sfpdd 64gfc-sfpp
        128gfc-qsfp28 infiniband-sdr infiniband-ddr infiniband-qdr infiniband-fdr10 infiniband-fdr
        infiniband-edr infiniband-hdr infiniband-ndr infiniband-xdr t1 e1 t3 e3 xdsl docsis moca bpon
        epon 10g-epon gpon xg-pon xgs-pon ng-pon2 25g-pon 50g-pon cisco-stackwise cisco-stackwise-plus
        cisco-flexstack cisco-flexstack-plus cisco-stackwise-80 cisco-stackwise-160 cisco-stackwise-320
        cisco-stackwise-480 cisco-stackwise-1t juniper-vcp extreme-summitstack extreme-summitstack-128
        extreme-summitstack-256 extreme-summitstack-512 other
    '''),
    'powerport_type': _words('''
        iec-60320-c6 iec-60320-c8 iec-60320-c14 iec-60320-c16 iec-60320-c18 iec-60320-c20 iec-60320-c22
        iec-60309-p-n-e-4h iec-60309-p-n-e-6h iec-60309-p-n-e-9h iec-60309-2p-e-4h iec-60309-2p-e-6h
        iec-60309-2p-e-9h iec-60309-3p-e-4h iec-60309-3p-e-6h iec-60309-3p-e-9h iec-60309-3p-n-e-4h
        iec-60309-3p-n-e-6h iec-60309-3p-n-e-9h iec-60906-1 nbr-14136-10a nbr-14136-20a nema-1-15p
        nema-5-15p nema-5-20p nema-5-30p nema-5-50p nema-6-15p nema-6-20p nema-6-30p nema-6-50p
        nema-10-30p nema-10-50p nema-14-20p nema-14-30p nema-14-50p nema-14-60p nema-15-15p nema-15-20p
        nema-15-30p nema-15-50p nema-15-60p nema-l1-15p nema-l5-15p nema-l5-20p nema-l5-30p nema-l5-50p
        nema-l6-15p nema-l6-20p nema-l6-30p nema-l6-50p nema-l10-30p nema-l14-20p nema-l14-30p
        nema-l14-50p nema-l14-60p nema-l15-20p nema-l15-30p nema-l15-50p nema-l15-60p nema-l21-20p
        nema-l21-30p nema-l22-20p nema-l22-30p cs6361c cs6365c cs8165c cs8265c cs8365c cs8465c ita-c
        ita-e ita-f ita-ef ita-g ita-h ita-i ita-j ita-k ita-l ita-m ita-n ita-o usb-a usb-b usb-c
        usb-mini-a usb-mini-b usb-micro-a usb-micro-b usb-micro-ab usb-3-b usb-3-micro-b
        molex-micro-fit-1x2 molex-micro-fit-2x2 molex-micro-fit-2x3 molex-micro-fit-2x4 dc-terminal
        saf-d-grid neutrik-powercon-20 neutrik-powercon-32 neutrik-powercon-true1
        neutrik-powercon-true1-top ubiquiti-smartpower hardwired other
    '''),
}

# Interface types that are virtual, or wireless; neither may carry a cable.
# Source: netbox/dcim/constants.py (VIRTUAL_IFACE_TYPES, WIRELESS_IFACE_TYPES, NONCONNECTABLE_IFACE_TYPES).
VIRTUAL_IFACE_TYPES = _words('virtual bridge lag')
WIRELESS_IFACE_TYPES = _words('ieee802.11a ieee802.11g ieee802.11n ieee802.11ac ieee802.11ad ieee802.11ax '
                              'ieee802.11ay ieee802.11be ieee802.15.1 ieee802.15.4 other-wireless gsm cdma '
                              'lte 4g 5g')

# Named cable colours that the cable import turns into hex codes.
# Source: netbox/netbox/choices.py ColorChoices; netbox/dcim/forms/bulk_import.py CableImportForm._clean_color.
COLOR_NAMES = {
    'dark red': 'aa1409', 'red': 'f44336', 'pink': 'e91e63', 'rose': 'ffe4e1', 'fuchsia': 'ff66ff',
    'purple': '9c27b0', 'dark purple': '673ab7', 'indigo': '3f51b5', 'blue': '2196f3',
    'light blue': '03a9f4', 'cyan': '00bcd4', 'teal': '009688', 'aqua': '00ffff',
    'dark green': '2f6a31', 'green': '4caf50', 'light green': '8bc34a', 'lime': 'cddc39',
    'yellow': 'ffeb3b', 'amber': 'ffc107', 'orange': 'ff9800', 'dark orange': 'ff5722',
    'brown': '795548', 'light grey': 'c0c0c0', 'grey': '9e9e9e', 'dark grey': '607d8b',
    'black': '111111', 'white': 'ffffff',
}

# Cable end types the cable import accepts (`<app>.<model>`), and which pairs may be joined.
# Source: netbox/dcim/constants.py (CABLE_TERMINATION_MODELS, COMPATIBLE_TERMINATION_TYPES).
CABLE_TERMINATION_TYPES = _words('circuits.circuittermination dcim.consoleport dcim.consoleserverport '
                                 'dcim.frontport dcim.interface dcim.powerfeed dcim.poweroutlet '
                                 'dcim.powerport dcim.rearport')
CABLE_COMPATIBLE = {
    'circuittermination': _words('interface frontport rearport circuittermination'),
    'consoleport': _words('consoleserverport frontport rearport'),
    'consoleserverport': _words('consoleport frontport rearport'),
    'interface': _words('interface circuittermination frontport rearport'),
    'frontport': _words('consoleport consoleserverport interface frontport rearport circuittermination'),
    'powerfeed': _words('powerport'),
    'poweroutlet': _words('powerport'),
    'powerport': _words('poweroutlet powerfeed'),
    'rearport': _words('consoleport consoleserverport interface frontport rearport circuittermination'),
}

# Generic value rules. Sources: Django's SlugField/validate_slug (slug), netbox/utilities/validators.py
# ColorValidator (colour), netbox/dcim/constants.py (RACK_U_HEIGHT_MAX = 100, INTERFACE_MTU 1..65536).
SLUG_RE = re.compile(r'^[-a-zA-Z0-9_]+$')
COLOR_RE = re.compile(r'^[0-9a-f]{6}$')
RACK_U_HEIGHT_MAX = 100
PSMALL = (0, 32767)            # PositiveSmallIntegerField
SMALL = (-32768, 32767)        # SmallIntegerField
PINT = (0, 2147483647)         # PositiveIntegerField
PBIG = (0, 9223372036854775807)  # PositiveBigIntegerField


# ----------------------------------------------------------------------------------------------
# Columns per import file.
# Each column is (kind, required, argument):
#   str N      text, at most N characters        slug   Django slug rule, at most 100 characters
#   choice S   one of CHOICES[S]                 int (lo, hi)   integer in range
#   dec (digits, places, lo, hi)                 bool   true/false/1/0
#   color      6 lowercase hex digits            ccolor cable colour: hex or colour name
#   tz         IANA time zone                    text   free text
#   ref M      reference to an object in this import set (model M); resolved by the row handler
#   ext W      reference to an object that must already exist in NetBox (tenant, tag, ...)
#   ctype      `<app>.<model>` cable end type
# Every model also accepts `tags` and `owner` (ext) and `cf_<name>` (custom fields).
# Source per model: netbox/dcim/forms/bulk_import.py (<Model>ImportForm: declared fields and
# Meta.fields) and netbox/dcim/models/*.py (lengths, validators, blank/null).
# ----------------------------------------------------------------------------------------------
def C(kind, required=False, arg=None):
    return (kind, required, arg)


R = True
COMMON = {'tags': C('ext', False, 'tag'), 'owner': C('ext', False, 'owner'),
          'description': C('str', False, 200), 'comments': C('text')}

COLUMNS = {
    # SiteImportForm; models/sites.py Site
    'sites': {
        'name': C('str', R, 100), 'slug': C('slug', R), 'status': C('choice', R, 'site_status'),
        'region': C('ext', False, 'region'), 'group': C('ext', False, 'site group'),
        'tenant': C('ext', False, 'tenant'), 'facility': C('str', False, 50), 'time_zone': C('tz'),
        'physical_address': C('str', False, 200), 'shipping_address': C('str', False, 200),
        'latitude': C('dec', False, (8, 6, -90, 90)), 'longitude': C('dec', False, (9, 6, -180, 180)),
    },
    # LocationImportForm; models/sites.py Location (NestedGroupModel)
    'locations': {
        'site': C('ref', R, 'sites'), 'parent': C('ref', False, 'locations'),
        'name': C('str', R, 100), 'slug': C('slug', R), 'status': C('choice', R, 'location_status'),
        'tenant': C('ext', False, 'tenant'), 'facility': C('str', False, 50),
    },
    # RackRoleImportForm; models/racks.py RackRole (OrganizationalModel)
    'rack-roles': {
        'name': C('str', R, 100), 'slug': C('slug', R), 'color': C('color', R),
    },
    # RackImportForm; models/racks.py Rack, RackBase
    'racks': {
        'site': C('ref', R, 'sites'), 'location': C('ref', False, 'locations'),
        'group': C('ext', False, 'rack group'), 'name': C('str', R, 100),
        'facility_id': C('str', False, 50), 'tenant': C('ext', False, 'tenant'),
        'status': C('choice', R, 'rack_status'), 'role': C('ref', False, 'rack-roles'),
        'rack_type': C('ext', False, 'rack type'), 'form_factor': C('choice', False, 'rack_form_factor'),
        'serial': C('str', False, 50), 'asset_tag': C('str', False, 50),
        'width': C('choice', False, 'rack_width'), 'u_height': C('int', False, (1, RACK_U_HEIGHT_MAX)),
        'desc_units': C('bool'), 'outer_width': C('int', False, PSMALL),
        'outer_height': C('int', False, PSMALL), 'outer_depth': C('int', False, PSMALL),
        'outer_unit': C('choice', False, 'rack_dimension_unit'), 'mounting_depth': C('int', False, PSMALL),
        'airflow': C('choice', False, 'rack_airflow'), 'weight': C('dec', False, (8, 2, 0, None)),
        'max_weight': C('int', False, PINT), 'weight_unit': C('choice', False, 'weight_unit'),
    },
    # ManufacturerImportForm; models/devices.py Manufacturer (OrganizationalModel)
    'manufacturers': {
        'name': C('str', R, 100), 'slug': C('slug', R),
    },
    # DeviceTypeImportForm; models/devices.py DeviceType
    'device-types': {
        'manufacturer': C('ref', R, 'manufacturers'), 'default_platform': C('ext', False, 'platform'),
        'model': C('str', R, 100), 'slug': C('slug', R), 'part_number': C('str', False, 50),
        'u_height': C('dec', R, (4, 1, 0, None)), 'exclude_from_utilization': C('bool'),
        'is_full_depth': C('bool'), 'subdevice_role': C('choice', False, 'subdevice_role'),
        'airflow': C('choice', False, 'device_airflow'), 'weight': C('dec', False, (8, 2, 0, None)),
        'weight_unit': C('choice', False, 'weight_unit'),
    },
    # DeviceRoleImportForm; models/devices.py DeviceRole (NestedGroupModel since 4.3)
    'device-roles': {
        'name': C('str', R, 100), 'slug': C('slug', R), 'parent': C('ref', False, 'device-roles'),
        'color': C('color', R), 'vm_role': C('bool'), 'config_template': C('ext', False, 'config template'),
    },
    # DeviceImportForm / BaseDeviceImportForm; models/devices.py Device
    'devices': {
        'name': C('str', False, 64), 'role': C('ref', R, 'device-roles'), 'tenant': C('ext', False, 'tenant'),
        'manufacturer': C('ref', R, 'manufacturers'), 'device_type': C('ref', R, 'device-types'),
        'platform': C('ext', False, 'platform'), 'serial': C('str', False, 50),
        'asset_tag': C('str', False, 50), 'status': C('choice', R, 'device_status'),
        'site': C('ref', R, 'sites'), 'location': C('ref', False, 'locations'),
        'rack': C('ref', False, 'racks'), 'position': C('dec', False, (4, 1, 1, RACK_U_HEIGHT_MAX + 0.5)),
        'face': C('choice', False, 'device_face'),
        'latitude': C('dec', False, (8, 6, -90, 90)), 'longitude': C('dec', False, (9, 6, -180, 180)),
        'parent': C('ext', False, 'parent device'), 'device_bay': C('ext', False, 'device bay'),
        'airflow': C('choice', False, 'device_airflow'),
        'virtual_chassis': C('ext', False, 'virtual chassis'), 'vc_position': C('int', False, PINT),
        'vc_priority': C('int', False, (0, 255)), 'cluster': C('ext', False, 'cluster'),
        'config_template': C('ext', False, 'config template'),
    },
    # InterfaceImportForm; models/device_components.py Interface, BaseInterface
    'interfaces': {
        'device': C('ref', R, 'devices'), 'name': C('str', R, 64), 'label': C('str', False, 64),
        'parent': C('ref', False, 'interfaces'), 'bridge': C('ref', False, 'interfaces'),
        'lag': C('ref', False, 'interfaces'), 'type': C('choice', R, 'interface_type'),
        'speed': C('int', False, PBIG), 'duplex': C('choice', False, 'interface_duplex'),
        'enabled': C('bool'), 'mark_connected': C('bool'), 'wwn': C('str', False, 23),
        'vdcs': C('ext', False, 'virtual device context'), 'mtu': C('int', False, (1, 65536)),
        'mgmt_only': C('bool'), 'poe_mode': C('choice', False, 'poe_mode'),
        'poe_type': C('choice', False, 'poe_type'), 'mode': C('choice', False, 'interface_mode'),
        'vlan_group': C('ext', False, 'VLAN group'), 'untagged_vlan': C('ext', False, 'VLAN'),
        'tagged_vlans': C('ext', False, 'VLAN'), 'qinq_svlan': C('ext', False, 'VLAN'),
        'vrf': C('ext', False, 'VRF'), 'rf_role': C('choice', False, 'rf_role'),
        'rf_channel': C('text'), 'rf_channel_frequency': C('dec', False, (8, 3, 0, None)),
        'rf_channel_width': C('dec', False, (7, 3, 0, None)), 'tx_power': C('int', False, (-40, 127)),
    },
    # PowerPortImportForm; models/device_components.py PowerPort
    'power-ports': {
        'device': C('ref', R, 'devices'), 'name': C('str', R, 64), 'label': C('str', False, 64),
        'type': C('choice', False, 'powerport_type'), 'mark_connected': C('bool'),
        'maximum_draw': C('int', False, (1, PINT[1])), 'allocated_draw': C('int', False, (1, PINT[1])),
    },
    # PowerPanelImportForm; models/power.py PowerPanel
    'power-panels': {
        'site': C('ref', R, 'sites'), 'location': C('ref', False, 'locations'), 'name': C('str', R, 100),
    },
    # PowerFeedImportForm; models/power.py PowerFeed
    'power-feeds': {
        'site': C('ref', R, 'sites'), 'power_panel': C('ref', R, 'power-panels'),
        'location': C('ref', False, 'locations'), 'rack': C('ref', False, 'racks'),
        'name': C('str', R, 100), 'status': C('choice', R, 'powerfeed_status'),
        'type': C('choice', R, 'powerfeed_type'), 'mark_connected': C('bool'),
        'supply': C('choice', R, 'powerfeed_supply'), 'phase': C('choice', R, 'powerfeed_phase'),
        'voltage': C('int', R, SMALL), 'amperage': C('int', R, (1, PSMALL[1])),
        'max_utilization': C('int', R, (1, 100)), 'tenant': C('ext', False, 'tenant'),
    },
    # CableImportForm; models/cables.py Cable
    'cables': {
        'side_a_site': C('ref', False, 'sites'), 'side_a_device': C('ref', False, 'devices'),
        'side_a_power_panel': C('ref', False, 'power-panels'), 'side_a_type': C('ctype', R),
        'side_a_name': C('str', R, 100),
        'side_b_site': C('ref', False, 'sites'), 'side_b_device': C('ref', False, 'devices'),
        'side_b_power_panel': C('ref', False, 'power-panels'), 'side_b_type': C('ctype', R),
        'side_b_name': C('str', R, 100),
        'type': C('choice', False, 'cable_type'), 'status': C('choice', False, 'link_status'),
        'profile': C('choice', False, 'cable_profile'), 'tenant': C('ext', False, 'tenant'),
        'bundle': C('ext', False, 'cable bundle'), 'label': C('str', False, 100),
        'color': C('ccolor'), 'length': C('dec', False, (8, 2, 0, None)),
        'length_unit': C('choice', False, 'length_unit'),
    },
}
for _cols in COLUMNS.values():
    for _k, _v in COMMON.items():
        _cols.setdefault(_k, _v)
# Interfaces and power ports have no `comments` column (their Meta.fields lack it).
del COLUMNS['interfaces']['comments'], COLUMNS['power-ports']['comments']

# Models whose earlier files a model's rows may reference: the dependency order.
# Source: the reference fields of each ImportForm above.
DEPENDS = {
    'sites': (), 'locations': ('sites',), 'rack-roles': (), 'manufacturers': (), 'device-roles': (),
    'racks': ('sites', 'locations', 'rack-roles'),
    'device-types': ('manufacturers',),
    'devices': ('sites', 'locations', 'racks', 'device-roles', 'manufacturers', 'device-types'),
    'interfaces': ('devices',), 'power-ports': ('devices',),
    'power-panels': ('sites', 'locations'),
    'power-feeds': ('sites', 'power-panels', 'locations', 'racks'),
    'cables': ('sites', 'devices', 'power-panels', 'interfaces', 'power-ports', 'power-feeds'),
}
MODELS = tuple(COLUMNS)
# Every reference column points at a model listed in DEPENDS (or at its own model: parent rows).
assert all(arg in DEPENDS[m] or arg == m
           for m, cols in COLUMNS.items() for kind, _, arg in cols.values() if kind == 'ref')
FILE_RE = re.compile(r'^(\d\d)-([a-z-]+)\.csv$')

# Device-type library schema (netbox-community/devicetype-library schema/devicetype.json @ 014cd468
# and schema/components.json @ 013d489b): keys, required keys, and component lists.
DT_YAML_REQUIRED = ('manufacturer', 'model', 'slug', 'u_height', 'is_full_depth')
DT_YAML_KEYS = frozenset(DT_YAML_REQUIRED) | _words(
    'part_number airflow weight weight_unit front_image rear_image subdevice_role is_powered '
    'description comments console-ports console-server-ports power-ports power-outlets interfaces '
    'front-ports rear-ports module-bays device-bays inventory-items')
DT_YAML_COMPONENTS = {
    # list key: (required keys, allowed keys, choice set for `type`, cable model name)
    'console-ports': (('name', 'type'), _words('name label type description _is_power_source'), None,
                      'consoleport'),
    'console-server-ports': (('name', 'type'), _words('name label type description'), None,
                             'consoleserverport'),
    'power-ports': (('name', 'type'), _words('name label type maximum_draw allocated_draw description'),
                    'powerport_type', 'powerport'),
    'power-outlets': (('name', 'type'), _words('name label type power_port feed_leg description'), None,
                      'poweroutlet'),
    'interfaces': (('name', 'type'), _words('name label type enabled mgmt_only description bridge poe_mode '
                                            'poe_type rf_role'), 'interface_type', 'interface'),
    'front-ports': (('name', 'type'), _words('name label type color positions description rear_port '
                                             'rear_port_position'), None, 'frontport'),
    'rear-ports': (('name', 'type'), _words('name label type color positions description _is_power_source'),
                   None, 'rearport'),
    'module-bays': (('name', 'position'), _words('name label position description'), None, None),
    'device-bays': (('name',), _words('name label description'), None, None),
    'inventory-items': (('name',), _words('name label manufacturer part_id description'), None, None),
}
DT_YAML_SLUG_RE = re.compile(r'^[-a-z0-9_]+$')


# ----------------------------------------------------------------------------------------------
# Reporting
# ----------------------------------------------------------------------------------------------
class Report:
    def __init__(self):
        self.problems = 0
        self.warnings = 0

    def problem(self, where, msg):
        self.problems += 1
        print(f'{where}: {msg}')

    def warn(self, where, msg):
        self.warnings += 1
        print(f'{where}: warning: {msg}')


# ----------------------------------------------------------------------------------------------
# Value parsing (Django form-field semantics)
# ----------------------------------------------------------------------------------------------
_INT_RE = re.compile(r'^[+-]?\d+(\.0*)?$')


def parse_int(text):
    """Django IntegerField accepts an optional '.0…' tail; anything else fails."""
    if not _INT_RE.match(text):
        return None
    return int(text.split('.')[0])


def parse_decimal(text, digits, places):
    """Return (Decimal, error) following Django DecimalField / DecimalValidator."""
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None, 'is not a number'
    if not value.is_finite():
        return None, 'is not a finite number'
    _sign, digit_tuple, exponent = value.as_tuple()
    if exponent >= 0:
        n_digits = len(digit_tuple) + exponent if digit_tuple != (0,) else 1
        n_places = 0
    elif abs(exponent) > len(digit_tuple):
        n_digits = n_places = abs(exponent)
    else:
        n_digits, n_places = len(digit_tuple), abs(exponent)
    if n_places > places:
        return None, f'has more than {places} decimal places'
    if n_digits - n_places > digits - places:
        return None, f'has more than {digits - places} digits before the decimal point'
    return value, None


def parse_bool(text):
    """Django BooleanField: 'false'/'0' (any case) and '' are False, any other text is True."""
    low = text.lower()
    if low in ('', 'false', '0'):
        return False, True
    return True, low in ('true', '1')


_TIMEZONES = None


def known_timezones():
    global _TIMEZONES
    if _TIMEZONES is None:
        try:
            import zoneinfo
            _TIMEZONES = zoneinfo.available_timezones()
        except Exception:  # pragma: no cover - very old Python or no tz database
            _TIMEZONES = set()
    return _TIMEZONES


# ----------------------------------------------------------------------------------------------
# In-memory model of what the import creates
# ----------------------------------------------------------------------------------------------
class Obj(dict):
    """One imported object: its fields plus `where` (FILE:LINE that created it)."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key)


class State:
    def __init__(self):
        self.objs = {m: [] for m in MODELS}   # model -> list of Obj
        self.first_file = {}                   # model -> first file name (whole set) importing it
        self.done = set()                      # models with at least one file already processed

        self.index = {m: {} for m in MODELS}   # model -> field value -> objects holding it

    def add(self, model, obj):
        self.objs[model].append(obj)
        index = self.index[model]
        for value in set(v for v in obj.values() if isinstance(v, str) and v):
            index.setdefault(value, []).append(obj)
        return obj


def lookup(st, rep, where, model, column, value, pred, scope_text=''):
    """Resolve a reference the way CSVModelChoiceField does: exactly one match in the scope."""
    if model not in st.done:
        later = st.first_file.get(model)
        if later:
            rep.problem(where, f'{column} "{value}": {model} are only imported later ({later}); '
                               f'files must follow the dependency order')
        else:
            rep.problem(where, f'{column} "{value}": no {model} file in this import set')
        return None
    # Candidates are the objects holding `value` in some field (every reference compares a field
    # with the cell); a miss falls back to the whole list, so a predicate that matches in another
    # way (case-insensitively, through a parent) is still found.
    hits = [o for o in st.index[model].get(value, ()) if pred(o)]
    if not hits:
        hits = [o for o in st.objs[model] if pred(o)]
    if not hits:
        rep.problem(where, f'{column} "{value}" not found{scope_text} (NetBox: "Object not found")')
        return None
    if len(hits) > 1:
        places = ', '.join(o.where for o in hits[:3])
        rep.problem(where, f'{column} "{value}" matches {len(hits)} objects{scope_text} ({places}); NetBox '
                           f'rejects non-unique references')
        return None
    return hits[0]


def unique(rep, where, seen, key, what):
    """Record `key` in `seen`; report a duplicate."""
    if key in seen:
        rep.problem(where, f'duplicate {what} (first defined at {seen[key]})')
        return False
    seen[key] = where
    return True


# ----------------------------------------------------------------------------------------------
# Row handlers: references, uniqueness and cross-field rules per model.
# `r` maps column -> stripped text ('' when absent or empty); `v` holds parsed typed values.
# ----------------------------------------------------------------------------------------------
class Checker:
    def __init__(self, rep):
        self.rep = rep
        self.st = State()
        self.seen = {}   # uniqueness tables, keyed by name
        self.yaml_types = []

    def seen_table(self, name):
        return self.seen.setdefault(name, {})

    # -- sites: models/sites.py Site (name, slug globally unique)
    def row_sites(self, w, r, v):
        unique(self.rep, w, self.seen_table('site.name'), r['name'], f'site name "{r["name"]}"')
        unique(self.rep, w, self.seen_table('site.slug'), r['slug'], f'site slug "{r["slug"]}"')
        self.st.add('sites', Obj(name=r['name'], slug=r['slug'], where=w))

    # -- locations: LocationImportForm (parent looked up by name within the site);
    #    models/sites.py Location constraints (site,parent,name) and (site,parent,slug).
    def row_locations(self, w, r, v):
        site = lookup(self.st, self.rep, w, 'sites', 'site', r['site'], lambda o: o.name == r['site'])
        parent = None
        if r['parent']:
            parent = self._location_in_site(w, 'parent', r['parent'], r['site'])
        if site is None:
            return
        pkey = id(parent) if parent else None
        unique(self.rep, w, self.seen_table('location.name'), (site.name, pkey, r['name']),
               f'location name "{r["name"]}" in site {site.name} under the same parent')
        unique(self.rep, w, self.seen_table('location.slug'), (site.name, pkey, r['slug']),
               f'location slug "{r["slug"]}" in site {site.name} under the same parent')
        others = [o for o in self.st.index['locations'].get(r['name'], ())
                  if o.site == site.name and o.name == r['name']]
        if others:
            self.rep.warn(w, f'location name "{r["name"]}" is used twice in site {site.name} '
                             f'({others[0].where}); references to it by name will be ambiguous')
        self.st.add('locations', Obj(site=site.name, parent=parent, name=r['name'], slug=r['slug'], where=w))

    def _location_in_site(self, w, column, name, site_name):
        return lookup(self.st, self.rep, w, 'locations', column, name,
                      lambda o: o.site == site_name and o.name == name, f' in site "{site_name}"')

    # -- rack roles: models/racks.py RackRole (OrganizationalModel: unique name and slug)
    def row_rack_roles(self, w, r, v):
        unique(self.rep, w, self.seen_table('rackrole.name'), r['name'], f'rack role name "{r["name"]}"')
        unique(self.rep, w, self.seen_table('rackrole.slug'), r['slug'], f'rack role slug "{r["slug"]}"')
        self.st.add('rack-roles', Obj(name=r['name'], where=w))

    # -- racks: RackImportForm (location by name within site; width and u_height required without a
    #    rack type); models/racks.py Rack constraints and clean().
    def row_racks(self, w, r, v):
        site = lookup(self.st, self.rep, w, 'sites', 'site', r['site'], lambda o: o.name == r['site'])
        location = None
        if r['location'] and site is not None:
            location = self._location_in_site(w, 'location', r['location'], site.name)
        if r['role']:
            lookup(self.st, self.rep, w, 'rack-roles', 'role', r['role'], lambda o: o.name == r['role'])
        if not r['rack_type']:
            if not r['width']:
                self.rep.problem(w, 'width is required when no rack_type is given')
            if not r['u_height']:
                self.rep.problem(w, 'u_height is required when no rack_type is given')
        self._units_and_weight(w, r, ('outer_width', 'outer_height', 'outer_depth'), 'outer_unit')
        if r['max_weight'] and not r['weight_unit']:
            self.rep.problem(w, 'max_weight needs weight_unit')
        if site is None:
            return
        if location is not None:
            unique(self.rep, w, self.seen_table('rack.name'), (id(location), r['name']),
                   f'rack name "{r["name"]}" in location {location.name}')
            if r['facility_id']:
                unique(self.rep, w, self.seen_table('rack.facility'), (id(location), r['facility_id']),
                       f'rack facility_id "{r["facility_id"]}" in location {location.name}')
        if r['asset_tag']:
            unique(self.rep, w, self.seen_table('rack.asset_tag'), r['asset_tag'],
                   f'rack asset_tag "{r["asset_tag"]}"')
        same = [o for o in self.st.index['racks'].get(r['name'], ())
                if o.site == site.name and o.name == r['name']]
        if same:
            self.rep.warn(w, f'rack name "{r["name"]}" is used twice in site {site.name} ({same[0].where}); '
                             f'device rows must then give the location to pick the rack')
        u = v.get('u_height') or 42
        self.st.add('racks', Obj(site=site.name, location=location, name=r['name'], u_height=u,
                                 occ={}, where=w))

    def _units_and_weight(self, w, r, dims, unit_col):
        if any(r[d] for d in dims) and not r[unit_col]:
            self.rep.problem(w, f'{"/".join(dims)} need {unit_col}')
        if r['weight'] and not r['weight_unit']:
            self.rep.problem(w, 'weight needs weight_unit')

    # -- manufacturers: OrganizationalModel (unique name and slug)
    def row_manufacturers(self, w, r, v):
        unique(self.rep, w, self.seen_table('mfr.name'), r['name'], f'manufacturer name "{r["name"]}"')
        unique(self.rep, w, self.seen_table('mfr.slug'), r['slug'], f'manufacturer slug "{r["slug"]}"')
        self.st.add('manufacturers', Obj(name=r['name'], where=w))

    # -- device types: DeviceTypeImportForm; models/devices.py DeviceType (unique per manufacturer:
    #    model and slug; u_height in 0.5 steps; child types are 0U; weight needs a unit).
    def row_device_types(self, w, r, v, has_full_depth_col):
        mfr = lookup(self.st, self.rep, w, 'manufacturers', 'manufacturer', r['manufacturer'],
                     lambda o: o.name == r['manufacturer'])
        u = v.get('u_height')
        if u is not None and (u * 2) % 1:
            self.rep.problem(w, f'u_height {u} is not a multiple of 0.5')
        if u and r['subdevice_role'] == 'child':
            self.rep.problem(w, 'child device types must be 0U')
        if r['weight'] and not r['weight_unit']:
            self.rep.problem(w, 'weight needs weight_unit')
        if not has_full_depth_col:
            self.rep.warn(w, 'no is_full_depth column: NetBox imports the type as NOT full depth')
        if mfr is None:
            return
        self._add_device_type(w, mfr.name, r['model'], r['slug'], u or Decimal(0),
                              v.get('is_full_depth', False), r['subdevice_role'], {})

    def _add_device_type(self, w, mfr, model, slug, u, full_depth, subrole, templates):
        ok = unique(self.rep, w, self.seen_table('dt.model'), (mfr, model),
                    f'device type "{model}" for manufacturer {mfr}')
        ok &= unique(self.rep, w, self.seen_table('dt.slug'), (mfr, slug),
                     f'device type slug "{slug}" for manufacturer {mfr}')
        if ok:
            self.st.add('device-types', Obj(manufacturer=mfr, model=model, u_height=Decimal(u),
                                            full_depth=bool(full_depth), subdevice_role=subrole or '',
                                            templates=templates, where=w))

    # -- device roles: DeviceRoleImportForm; NestedGroupModel (parent,name) and (parent,slug)
    def row_device_roles(self, w, r, v, has_vm_role_col):
        parent = None
        if r['parent']:
            parent = lookup(self.st, self.rep, w, 'device-roles', 'parent', r['parent'],
                            lambda o: o.name == r['parent'])
        pkey = id(parent) if parent else None
        unique(self.rep, w, self.seen_table('role.name'), (pkey, r['name']), f'device role name "{r["name"]}"')
        unique(self.rep, w, self.seen_table('role.slug'), (pkey, r['slug']), f'device role slug "{r["slug"]}"')
        if not has_vm_role_col:
            self.rep.warn(w, 'no vm_role column: NetBox imports vm_role=false (model default is true)')
        self.st.add('device-roles', Obj(name=r['name'], parent=parent, where=w))

    # -- devices: DeviceImportForm (device type by model within manufacturer; location within site;
    #    rack within site and, when given, location); models/devices.py Device.clean (position, face,
    #    rack space via Rack.get_available_units) and constraints (lower(name) per site+tenant).
    def row_devices(self, w, r, v):
        st, rep = self.st, self.rep
        lookup(st, rep, w, 'device-roles', 'role', r['role'], lambda o: o.name == r['role'])
        mfr = lookup(st, rep, w, 'manufacturers', 'manufacturer', r['manufacturer'],
                     lambda o: o.name == r['manufacturer'])
        dtype = None
        if mfr is not None:
            dtype = lookup(st, rep, w, 'device-types', 'device_type', r['device_type'],
                           lambda o: o.manufacturer == mfr.name and o.model == r['device_type'],
                           f' for manufacturer "{mfr.name}"')
        site = lookup(st, rep, w, 'sites', 'site', r['site'], lambda o: o.name == r['site'])
        location = rack = None
        if site is not None and r['location']:
            location = self._location_in_site(w, 'location', r['location'], site.name)
        if site is not None and r['rack']:
            if r['location']:
                if location is not None:
                    rack = lookup(st, rep, w, 'racks', 'rack', r['rack'],
                                  lambda o: (o.site == site.name and o.location is location
                                             and o.name == r['rack']),
                                  f' in site "{site.name}", location "{location.name}"')
            else:
                rack = lookup(st, rep, w, 'racks', 'rack', r['rack'],
                              lambda o: o.site == site.name and o.name == r['rack'], f' in site "{site.name}"')
        pos, face = v.get('position'), r['face']
        if not r['rack']:
            if face:
                rep.problem(w, 'face needs a rack')
            if r['position']:
                rep.problem(w, 'position needs a rack')
        if pos is not None:
            if (pos * 2) % 1:
                rep.problem(w, f'position {pos} is not a multiple of 0.5')
                pos = None
            elif not face:
                rep.problem(w, 'position needs face')
        if dtype is not None:
            if pos is not None and dtype.u_height == 0:
                rep.problem(w, f'0U device type "{dtype.model}" cannot have a rack position')
                pos = None
            if dtype.subdevice_role == 'child' and r['rack'] and (face or pos is not None):
                rep.problem(w, 'child device types cannot have a rack face or position')
                pos = None
        if rack is not None and dtype is not None and pos is not None and face:
            self._place(w, r['name'] or '(unnamed)', rack, pos, face, dtype)
        if site is None:
            return
        if r['name']:
            unique(rep, w, self.seen_table('device.name'), (site.name, r['tenant'] or None, r['name'].lower()),
                   f'device name "{r["name"]}" in site {site.name} (case-insensitive, per tenant)')
            elsewhere = [o for o in st.index['devices'].get(r['name'], ())
                         if o.name == r['name'] and o.site != site.name]
            if elsewhere:
                rep.warn(w, f'device name "{r["name"]}" also exists in site {elsewhere[0].site} '
                            f'({elsewhere[0].where}); interface/power-port rows look devices up by name '
                            f'across all sites and will fail')
        else:
            rep.warn(w, 'device has no name; no later row can reference it')
        if r['asset_tag']:
            unique(rep, w, self.seen_table('device.asset_tag'), r['asset_tag'],
                   f'device asset_tag "{r["asset_tag"]}"')
        comps = {}
        if dtype is not None:
            for ctype, names in dtype.templates.items():
                comps[ctype] = {n: Obj(name=n, type=t, mark_connected=False, cable=None, device=r['name'],
                                       where=f'{dtype.where} (template)') for n, t in names}
        st.add('devices', Obj(name=r['name'], site=site.name, comps=comps, where=w))

    def _place(self, w, name, rack, pos, face, dtype):
        """Occupy half-units [pos, pos+u_height) of `rack`; models/racks.py get_available_units."""
        halves = [int(pos * 2) + i for i in range(int(dtype.u_height * 2))]
        top = (rack.u_height + 1) * 2  # first half-unit above the rack (starting_unit is 1)
        if halves[0] < 2 or halves[-1] >= top:
            self.rep.problem(w, f'device at U{pos} with {dtype.u_height}U does not fit in rack {rack.name} '
                                f'({rack.u_height}U): needs position + u_height - 1 <= {rack.u_height}')
            return
        for h in halves:
            for other_face, other_full, other_name, other_where in rack.occ.get(h, []):
                if dtype.full_depth or other_full or other_face == face:
                    self.rep.problem(w, f'U{pos} ({face}) of rack {rack.name} overlaps device "{other_name}" '
                                        f'({other_where}) at U{Decimal(h) / 2}'
                                        + (' (full depth blocks both faces)' if dtype.full_depth or other_full
                                           else ''))
                    return
        for h in halves:
            rack.occ.setdefault(h, []).append((face, dtype.full_depth, name, w))

    # -- device components (interfaces, power ports): <Component>ImportForm looks the device up by name
    #    across ALL sites; models/device_components.py ComponentModel (device,name) unique.
    def _component_device(self, w, r):
        return lookup(self.st, self.rep, w, 'devices', 'device', r['device'],
                      lambda o: o.name == r['device'], ' (looked up across all sites)')

    def row_interfaces(self, w, r, v):
        dev = self._component_device(w, r)
        t = r['type']
        virtual = t in VIRTUAL_IFACE_TYPES
        if r['parent'] and t != 'virtual':
            self.rep.problem(w, 'only virtual interfaces may have a parent interface')
        if r['lag'] and t == 'virtual':
            self.rep.problem(w, 'virtual interfaces cannot have a parent LAG')
        if virtual and (r['poe_mode'] or r['poe_type']):
            self.rep.problem(w, 'virtual interfaces cannot have a PoE mode or type')
        if r['poe_type'] and not r['poe_mode']:
            self.rep.problem(w, 'poe_type needs poe_mode')
        if r['rf_role'] and t not in WIRELESS_IFACE_TYPES:
            self.rep.problem(w, 'rf_role is only allowed on wireless interface types')
        if virtual and v.get('mark_connected'):
            self.rep.problem(w, 'virtual interfaces cannot be marked connected')
        if dev is None:
            return
        ifaces = dev.comps.setdefault('interface', {})
        for col in ('parent', 'bridge', 'lag'):
            if r[col] and r[col] not in ifaces:
                self.rep.problem(w, f'{col} "{r[col]}" is not an interface of device {dev.name} '
                                    f'(created earlier)')
        if r['lag'] and r['lag'] in ifaces and ifaces[r['lag']].type != 'lag':
            self.rep.warn(w, f'lag "{r["lag"]}" is not of type lag')
        if r['name'] in ifaces:
            self.rep.problem(w, f'interface "{r["name"]}" already exists on device {dev.name} '
                                f'({ifaces[r["name"]].where})')
            return
        ifaces[r['name']] = Obj(name=r['name'], type=t, mark_connected=v.get('mark_connected', False),
                                cable=None, device=dev.name, where=w)
        self.st.add('interfaces', ifaces[r['name']])

    def row_power_ports(self, w, r, v):
        dev = self._component_device(w, r)
        mx, al = v.get('maximum_draw'), v.get('allocated_draw')
        if mx is not None and al is not None and al > mx:
            self.rep.problem(w, f'allocated_draw {al} exceeds maximum_draw {mx}')
        if dev is None:
            return
        ports = dev.comps.setdefault('powerport', {})
        if r['name'] in ports:
            self.rep.problem(w, f'power port "{r["name"]}" already exists on device {dev.name} '
                                f'({ports[r["name"]].where})')
            return
        ports[r['name']] = Obj(name=r['name'], type=r['type'], mark_connected=v.get('mark_connected', False),
                               cable=None, device=dev.name, where=w)
        self.st.add('power-ports', ports[r['name']])

    # -- power panels: PowerPanelImportForm; models/power.py PowerPanel (site,name) unique
    def row_power_panels(self, w, r, v):
        site = lookup(self.st, self.rep, w, 'sites', 'site', r['site'], lambda o: o.name == r['site'])
        if site is None:
            return
        if r['location']:
            self._location_in_site(w, 'location', r['location'], site.name)
        unique(self.rep, w, self.seen_table('panel.name'), (site.name, r['name']),
               f'power panel name "{r["name"]}" in site {site.name}')
        self.st.add('power-panels', Obj(site=site.name, name=r['name'], feeds={}, where=w))

    # -- power feeds: PowerFeedImportForm (panel, location by name within site; rack within site AND
    #    location, the location filter being applied even when empty); models/power.py PowerFeed.
    def row_power_feeds(self, w, r, v):
        st, rep = self.st, self.rep
        site = lookup(st, rep, w, 'sites', 'site', r['site'], lambda o: o.name == r['site'])
        volt = v.get('voltage')
        if volt == 0:
            rep.problem(w, 'voltage must not be 0')
        elif volt is not None and volt < 0 and r['supply'] == 'ac':
            rep.problem(w, 'voltage cannot be negative for an AC supply')
        if site is None:
            return
        panel = lookup(st, rep, w, 'power-panels', 'power_panel', r['power_panel'],
                       lambda o: o.site == site.name and o.name == r['power_panel'], f' in site "{site.name}"')
        location = None
        if r['location']:
            location = self._location_in_site(w, 'location', r['location'], site.name)
        if r['rack']:
            if not r['location']:
                rep.problem(w, 'rack given without location: NetBox looks the rack up within site AND '
                               'location, so it will not be found')
            elif location is not None:
                lookup(st, rep, w, 'racks', 'rack', r['rack'],
                       lambda o: o.site == site.name and o.location is location and o.name == r['rack'],
                       f' in site "{site.name}", location "{location.name}"')
        if panel is None:
            return
        if r['name'] in panel.feeds:
            rep.problem(w, f'power feed "{r["name"]}" already exists on panel {panel.name} '
                           f'({panel.feeds[r["name"]].where})')
            return
        panel.feeds[r['name']] = Obj(name=r['name'], type='', mark_connected=v.get('mark_connected', False),
                                     cable=None, device=panel.name, where=w)
        st.add('power-feeds', panel.feeds[r['name']])

    # -- cables: CableImportForm._clean_side (device scoped to side_X_site when given, else global;
    #    power feeds via side_X_power_panel); models/cables.py Cable.clean, CableTermination.clean.
    def row_cables(self, w, r, v):
        rep = self.rep
        ends = []
        for side in ('a', 'b'):
            ends.append(self._cable_end(w, r, side))
        if r['length'] and not r['length_unit']:
            rep.problem(w, 'length needs length_unit')
        if None in ends:
            return
        (ta, oa), (tb, ob) = ends
        if tb not in CABLE_COMPATIBLE.get(ta, ()):
            rep.problem(w, f'incompatible termination types: {ta} and {tb}')
            return
        if oa is ob:
            rep.problem(w, 'A and B terminations are the same object')
            return
        for obj in (oa, ob):
            obj.cable = w

    def _cable_end(self, w, r, side):
        st, rep = self.st, self.rep
        p = f'side_{side}_'
        ctype, name = r[p + 'type'], r[p + 'name']
        if not ctype or not name:
            return None
        app_model = ctype
        model = ctype.split('.', 1)[1] if '.' in ctype else ctype
        site_name = r[p + 'site']
        scope = f' in site "{site_name}"' if site_name else ' (looked up across all sites)'
        if site_name:
            if lookup(st, rep, w, 'sites', p + 'site', site_name, lambda o: o.name == site_name) is None:
                return None
        if app_model == 'dcim.powerfeed':
            if not r[p + 'power_panel']:
                rep.problem(w, f'{p}power_panel is required for a dcim.powerfeed end')
                return None
            panel = lookup(st, rep, w, 'power-panels', p + 'power_panel', r[p + 'power_panel'],
                           lambda o: o.name == r[p + 'power_panel'] and (not site_name or o.site == site_name),
                           scope)
            if panel is None:
                return None
            term = panel.feeds.get(name)
            owner = f'power panel {panel.name}'
        elif app_model == 'circuits.circuittermination':
            rep.problem(w, f'{p}type circuits.circuittermination is not covered by this import set or checker')
            return None
        else:
            if not r[p + 'device']:
                rep.problem(w, f'{p}device is required for a {ctype} end')
                return None
            dev = lookup(st, rep, w, 'devices', p + 'device', r[p + 'device'],
                         lambda o: o.name == r[p + 'device'] and (not site_name or o.site == site_name), scope)
            if dev is None:
                return None
            term = dev.comps.get(model, {}).get(name)
            owner = f'device {dev.name}'
        if term is None:
            rep.problem(w, f'side {side.upper()} termination not found: {owner} has no {model} "{name}"')
            return None
        if term.cable:
            rep.problem(w, f'side {side.upper()}: {owner} {model} "{name}" is already connected (cable at '
                           f'{term.cable})')
            return None
        if term.mark_connected:
            rep.problem(w, f'side {side.upper()}: {owner} {model} "{name}" is marked connected and cannot be cabled')
            return None
        if model == 'interface' and term.type in VIRTUAL_IFACE_TYPES | WIRELESS_IFACE_TYPES:
            rep.problem(w, f'side {side.upper()}: interface "{name}" of type {term.type} cannot be cabled')
            return None
        return model, term

    # ------------------------------------------------------------------------------------------
    # Files
    # ------------------------------------------------------------------------------------------
    def check_file(self, path, display, model):
        """Check one CSV file; return the number of data rows."""
        rep = self.rep
        try:
            with open(path, encoding='utf-8-sig', newline='') as f:
                data = f.read()
        except (OSError, UnicodeDecodeError) as e:
            rep.problem(f'{display}:1', f'cannot read as UTF-8: {e}')
            return 0
        text = data.strip()
        if not text:
            rep.problem(f'{display}:1', 'file is empty (a header line is required)')
            return 0
        # BulkImportForm._clean_csv sniffs the delimiter among , ; | TAB unless one is chosen.
        # The sniffer's cost grows faster than linearly with the text (minutes on a 100k-GPU
        # site's interfaces), so it reads the first 64 KiB: whole lines of the same writer.
        sample = text if len(text) <= 65536 else text[:text.rfind('\n', 0, 65536) + 1]
        try:
            sniffed = csv.Sniffer().sniff(sample, delimiters=',;|\t').delimiter
        except csv.Error:
            sniffed = ','
        if sniffed != ',':
            rep.problem(f'{display}:1', f'NetBox would auto-detect {sniffed!r} as the delimiter; choose '
                                        f'"comma" explicitly on upload or avoid that character')
        lead = len(data) - len(data.lstrip())
        first_line = data[:lead].count('\n') + 1
        reader = csv.reader(text.splitlines(keepends=True))
        try:
            rows = []
            prev = 0
            for row in reader:
                rows.append((first_line + prev, row))
                prev = reader.line_num
        except csv.Error as e:
            rep.problem(f'{display}:{first_line + reader.line_num - 1}', f'CSV syntax error: {e}')
            return 0
        header_line, header = rows[0]
        cols = COLUMNS[model]
        names = []
        for h in header:
            h = h.strip()
            where = f'{display}:{header_line}'
            if '.' in h:
                rep.problem(where, f'column "{h}": dotted lookup headers are not part of the export contract')
            elif h == 'id':
                rep.problem(where, 'column "id" makes NetBox update existing objects; the export must only create')
            elif h in names:
                rep.problem(where, f'duplicate column "{h}"')
            elif h not in cols and not h.startswith('cf_'):
                rep.problem(where, f'unknown column "{h}" for {model} (NetBox: "Unrecognized header")')
            elif h.startswith('cf_'):
                rep.warn(where, f'custom field column "{h}": the custom field must exist in NetBox')
            names.append(h)
        missing = set()
        for c, (kind, req, arg) in cols.items():
            if req and c not in names:
                rep.problem(f'{display}:{header_line}', f'required column "{c}" is missing')
                missing.add(c)
        ext_warned = set()
        count = 0
        for line, row in rows[1:]:
            w = f'{display}:{line}'
            count += 1
            if len(row) != len(names):
                rep.problem(w, f'expected {len(names)} columns but found {len(row)}')
                continue
            r = {c: '' for c in cols}
            r.update({n: val.strip() for n, val in zip(names, row)})
            for c in names:
                if r[c] and c in cols and cols[c][0] == 'ext' and c not in ext_warned:
                    ext_warned.add(c)
                    rep.warn(w, f'column "{c}" references {cols[c][2]} objects, which must already exist '
                                f'in NetBox (not checked)')
            v = self.check_values(w, model, r, missing)
            if missing:
                continue
            handler = getattr(self, 'row_' + model.replace('-', '_'))
            if model == 'device-types':
                handler(w, r, v, 'is_full_depth' in names)
            elif model == 'device-roles':
                handler(w, r, v, 'vm_role' in names)
            else:
                handler(w, r, v)
        return count

    def check_values(self, w, model, r, missing=()):
        """Per-cell checks; return parsed values of typed columns."""
        rep = self.rep
        parsed = {}
        for c, (kind, req, arg) in COLUMNS[model].items():
            val = r.get(c, '')
            if val == '':
                if req and c not in missing:
                    rep.problem(w, f'{c} is required')
                continue
            if kind in ('str',) and len(val) > arg:
                rep.problem(w, f'{c} is {len(val)} characters long; at most {arg} allowed')
            elif kind == 'slug':
                if not SLUG_RE.match(val):
                    rep.problem(w, f'{c} "{val}" is not a valid slug (letters, digits, "-" and "_" only)')
                elif len(val) > 100:
                    rep.problem(w, f'{c} is {len(val)} characters long; at most 100 allowed')
            elif kind == 'choice':
                if val not in CHOICES[arg]:
                    rep.problem(w, f'{c} "{val}" is not an allowed value ({_sample(CHOICES[arg])})')
            elif kind == 'int':
                n = parse_int(val)
                if n is None:
                    rep.problem(w, f'{c} "{val}" is not an integer')
                elif not arg[0] <= n <= arg[1]:
                    rep.problem(w, f'{c} {n} is outside {arg[0]}..{arg[1]}')
                else:
                    parsed[c] = n
            elif kind == 'dec':
                digits, places, lo, hi = arg
                d, err = parse_decimal(val, digits, places)
                if err:
                    rep.problem(w, f'{c} "{val}" {err}')
                elif lo is not None and d < lo or hi is not None and d > hi:
                    rep.problem(w, f'{c} {val} is outside {lo}..{hi if hi is not None else ""}')
                else:
                    parsed[c] = d
            elif kind == 'bool':
                b, clean = parse_bool(val)
                if not clean:
                    rep.warn(w, f'{c} "{val}" is not true/false/1/0; NetBox reads it as true')
                parsed[c] = b
            elif kind == 'color':
                if not COLOR_RE.match(val):
                    rep.problem(w, f'{c} "{val}" must be 6 lowercase hex digits without "#"')
            elif kind == 'ccolor':
                if val.lower() not in COLOR_NAMES and not COLOR_RE.match(val.lower()):
                    rep.problem(w, f'{c} "{val}" is neither a 6-digit hex colour nor a NetBox colour name')
            elif kind == 'tz':
                zones = known_timezones()
                if zones and val not in zones:
                    rep.problem(w, f'{c} "{val}" is not a known IANA time zone')
            elif kind == 'ctype':
                if val not in CABLE_TERMINATION_TYPES:
                    rep.problem(w, f'{c} "{val}" is not a cable termination type '
                                   f'({", ".join(sorted(CABLE_TERMINATION_TYPES))})')
                    r[c] = ''
        return parsed

    # ------------------------------------------------------------------------------------------
    # Device-type YAML (library form)
    # ------------------------------------------------------------------------------------------
    def load_device_types(self, ydir):
        files = sorted(f for f in os.listdir(ydir) if f.endswith(('.yaml', '.yml')))
        for fname in files:
            path = os.path.join(ydir, fname)
            display = os.path.join(os.path.normpath(ydir), fname)
            try:
                with open(path, encoding='utf-8') as f:
                    docs = parse_yaml(f.read())
            except (OSError, UnicodeDecodeError) as e:
                self.rep.problem(f'{display}:1', f'cannot read: {e}')
                continue
            except YamlError as e:
                self.rep.problem(f'{display}:{e.line}', f'unsupported or invalid YAML: {e.msg}')
                continue
            for doc in docs:
                self.check_yaml_device_type(display, doc)
        return len(files)

    def check_yaml_device_type(self, display, doc):
        rep = self.rep
        if not isinstance(doc, YMap):
            rep.problem(f'{display}:{getattr(doc, "line", 1)}', 'a device type must be a mapping')
            return
        w = f'{display}:{doc.line}'

        def at(key):
            return f'{display}:{doc.lines.get(key, doc.line)}'
        for k in DT_YAML_REQUIRED:
            if k not in doc:
                rep.problem(w, f'required key "{k}" is missing (devicetype-library schema)')
        for k in doc:
            if k not in DT_YAML_KEYS:
                rep.problem(at(k), f'key "{k}" is not allowed by the devicetype-library schema')
        for k, n in (('manufacturer', 100), ('model', 100), ('part_number', 50), ('description', 200)):
            if k in doc and (not isinstance(doc[k], str) or len(doc[k]) > n):
                rep.problem(at(k), f'{k} must be a string of at most {n} characters')
        slug = doc.get('slug')
        if slug is not None and (not isinstance(slug, str) or not DT_YAML_SLUG_RE.match(slug) or len(slug) > 100):
            rep.problem(at('slug'), f'slug {slug!r} must match ^[-a-z0-9_]+$ (at most 100 characters)')
        u = doc.get('u_height')
        if 'u_height' in doc and (isinstance(u, bool) or not isinstance(u, (int, float, Decimal)) or u < 0
                                  or (Decimal(str(u)) * 2) % 1):
            rep.problem(at('u_height'), f'u_height {u} must be a number >= 0 in steps of 0.5')
            u = None
        for k in ('is_full_depth', 'front_image', 'rear_image', 'is_powered'):
            if k in doc and not isinstance(doc[k], bool):
                rep.problem(at(k), f'{k} must be true or false')
        for k, cs in (('airflow', 'device_airflow'), ('weight_unit', 'weight_unit'),
                      ('subdevice_role', 'subdevice_role')):
            if k in doc and doc[k] not in CHOICES[cs]:
                rep.problem(at(k), f'{k} {doc[k]!r} is not an allowed value')
        if ('weight' in doc) != ('weight_unit' in doc):
            rep.problem(w, 'weight and weight_unit must be given together')
        if 'device-bays' in doc and doc.get('subdevice_role') != 'parent':
            rep.problem(at('device-bays'), 'device-bays require subdevice_role: parent')
        templates = {}
        for key, (req, allowed, type_set, cmodel) in DT_YAML_COMPONENTS.items():
            if key not in doc:
                continue
            items = doc[key]
            if not isinstance(items, list):
                rep.problem(at(key), f'{key} must be a list')
                continue
            names = {}
            for item in items:
                iw = f'{display}:{getattr(item, "line", doc.lines.get(key, doc.line))}'
                if not isinstance(item, YMap):
                    rep.problem(iw, f'{key} entries must be mappings')
                    continue
                for k in req:
                    if k not in item:
                        rep.problem(iw, f'{key} entry: required key "{k}" is missing')
                for k in item:
                    if k not in allowed:
                        rep.problem(iw, f'{key} entry: key "{k}" is not allowed')
                name = item.get('name')
                if name is not None:
                    name = str(name)
                    if len(name) > 64:
                        rep.problem(iw, f'{key} entry: name longer than 64 characters')
                    if name in names:
                        rep.problem(iw, f'{key}: duplicate name "{name}" (first at {names[name]})')
                    names[name] = iw
                if type_set and 'type' in item and item['type'] not in CHOICES[type_set]:
                    rep.problem(iw, f'{key} entry "{name}": type {item["type"]!r} is not an allowed value')
                for k in ('enabled', 'mgmt_only'):
                    if k in item and not isinstance(item[k], bool):
                        rep.problem(iw, f'{key} entry "{name}": {k} must be true or false')
                for k in ('maximum_draw', 'allocated_draw'):
                    if k in item and (isinstance(item[k], bool) or not isinstance(item[k], int) or item[k] < 1):
                        rep.problem(iw, f'{key} entry "{name}": {k} must be an integer >= 1')
                if cmodel and name is not None:
                    templates.setdefault(cmodel, []).append((name, str(item.get('type', ''))))
        if all(k in doc for k in ('manufacturer', 'model', 'slug')) and u is not None:
            self.yaml_types.append((w, doc, u, templates))

    def register_yaml_types(self):
        """YAML device types become usable once the manufacturers they name exist."""
        pending = []
        for w, doc, u, templates in self.yaml_types:
            mfr = str(doc['manufacturer'])
            if any(o.name == mfr for o in self.st.objs['manufacturers']):
                self._add_device_type(w, mfr, str(doc['model']), str(doc['slug']), Decimal(str(u)),
                                      doc.get('is_full_depth') is True, doc.get('subdevice_role') or '',
                                      templates)
            else:
                pending.append((w, doc, u, templates))
        self.yaml_types = pending


def _sample(values, n=8):
    vals = sorted(values)
    return ', '.join(vals[:n]) + (', ...' if len(vals) > n else '')


# ----------------------------------------------------------------------------------------------
# Minimal YAML subset: block mappings, block lists (of mappings or scalars), plain/quoted scalars,
# comments and `---` document separators. Flow collections, anchors and multi-line scalars are
# reported as unsupported.
# ----------------------------------------------------------------------------------------------
class YamlError(Exception):
    def __init__(self, line, msg):
        super().__init__(msg)
        self.line, self.msg = line, msg


class YMap(dict):
    def __init__(self, line):
        super().__init__()
        self.line = line
        self.lines = {}


class YList(list):
    def __init__(self, line):
        super().__init__()
        self.line = line


def _strip_comment(text):
    out, quote = [], None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in '"\'':
            quote = ch
        elif ch == '#' and (i == 0 or text[i - 1] in ' \t'):
            break
        out.append(ch)
    return ''.join(out).rstrip()


def _scalar(text, line):
    t = text.strip()
    if t == '' or t in ('~', 'null', 'Null', 'NULL'):
        return None
    if t[0] in '"\'':
        if len(t) < 2 or t[-1] != t[0]:
            raise YamlError(line, 'unterminated quoted string')
        body = t[1:-1]
        return body.replace("''", "'") if t[0] == "'" else body.encode().decode('unicode_escape')
    if t[0] in '[{&*!|>':
        raise YamlError(line, f'unsupported YAML construct {t[0]!r}')
    if t in ('true', 'True', 'TRUE'):
        return True
    if t in ('false', 'False', 'FALSE'):
        return False
    if re.match(r'^[-+]?\d+$', t):
        return int(t)
    if re.match(r'^[-+]?(\d+\.\d*|\.\d+)([eE][-+]?\d+)?$', t):
        return Decimal(t)
    return t


def parse_yaml(text):
    docs, cur = [], []
    for no, raw in enumerate(text.splitlines(), 1):
        if raw.strip() in ('---', '...'):
            if cur:
                docs.append(cur)
            cur = []
            continue
        if '\t' in raw[:len(raw) - len(raw.lstrip())]:
            raise YamlError(no, 'tab used for indentation')
        body = _strip_comment(raw)
        if body.strip():
            cur.append((no, len(body) - len(body.lstrip()), body.strip()))
    if cur:
        docs.append(cur)
    out = []
    for lines in docs:
        node, pos = _parse_block(lines, 0, lines[0][1])
        if pos != len(lines):
            raise YamlError(lines[pos][0], 'unexpected indentation')
        out.append(node)
    return out


def _split_key(text, line):
    m = re.match(r'^("[^"]*"|\'[^\']*\'|[^:#]+?)\s*:(\s+(.*))?$', text)
    if not m:
        return None
    key = m.group(1)
    if key[0] in '"\'':
        key = key[1:-1]
    return key, (m.group(3) or '')


def _parse_block(lines, pos, indent):
    no, ind, text = lines[pos]
    if text.startswith('- ') or text == '-':
        seq = YList(no)
        while pos < len(lines) and lines[pos][1] == indent and (lines[pos][2].startswith('- ')
                                                               or lines[pos][2] == '-'):
            no, ind, text = lines[pos]
            rest = text[1:].lstrip()
            if not rest:
                if pos + 1 < len(lines) and lines[pos + 1][1] > indent:
                    item, pos = _parse_block(lines, pos + 1, lines[pos + 1][1])
                else:
                    item, pos = None, pos + 1
                seq.append(item)
                continue
            inner = ind + (len(text) - len(rest))
            if _split_key(rest, no):
                # A mapping that starts on the dash line: re-read it as a block at the inner indent.
                sub = [(no, inner, rest)]
                j = pos + 1
                while j < len(lines) and lines[j][1] > indent:
                    sub.append(lines[j])
                    j += 1
                item, used = _parse_block(sub, 0, inner)
                if used != len(sub):
                    raise YamlError(sub[used][0], 'unexpected indentation')
                seq.append(item)
                pos = j
            else:
                seq.append(_scalar(rest, no))
                pos += 1
        return seq, pos
    mapping = YMap(no)
    while pos < len(lines) and lines[pos][1] == indent:
        no, ind, text = lines[pos]
        kv = _split_key(text, no)
        if kv is None:
            raise YamlError(no, f'expected "key: value", got {text!r}')
        key, rest = kv
        if key in mapping:
            raise YamlError(no, f'duplicate key {key!r}')
        mapping.lines[key] = no
        if rest:
            mapping[key] = _scalar(rest, no)
            pos += 1
        elif pos + 1 < len(lines) and (lines[pos + 1][1] > indent or
                                       (lines[pos + 1][1] == indent and lines[pos + 1][2].startswith('-'))):
            mapping[key], pos = _parse_block(lines, pos + 1, lines[pos + 1][1])
        else:
            mapping[key] = None
            pos += 1
    return mapping, pos


# ----------------------------------------------------------------------------------------------
# Main
# ----------------------------------------------------------------------------------------------
USAGE = 'usage: check.py [--device-types YAML_DIR] DIR'


def main(argv):
    args = list(argv)
    ydir = None
    if '-h' in args or '--help' in args:
        print(USAGE)
        print(__doc__.split('\n\n')[2])
        print(f'Rules read from NetBox v{NETBOX_VERSION}, commit {NETBOX_COMMIT}.')
        return 0
    if '--device-types' in args:
        i = args.index('--device-types')
        if i + 1 >= len(args):
            print(USAGE, file=sys.stderr)
            return 2
        ydir = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1 or args[0].startswith('-'):
        print(USAGE, file=sys.stderr)
        return 2
    cdir = args[0]
    if not os.path.isdir(cdir):
        print(f'check.py: {cdir}: not a directory', file=sys.stderr)
        return 2
    if ydir is not None and not os.path.isdir(ydir):
        print(f'check.py: {ydir}: not a directory', file=sys.stderr)
        return 2

    rep = Report()
    chk = Checker(rep)
    base = os.path.normpath(cdir)
    plan = []
    for fname in sorted(os.listdir(cdir)):
        if not fname.endswith('.csv'):
            continue
        m = FILE_RE.match(fname)
        display = os.path.join(base, fname)
        if not m:
            rep.problem(f'{display}:1', 'file name does not follow NN-<model>.csv (two digits)')
            continue
        if m.group(2) not in COLUMNS:
            rep.problem(f'{display}:1', f'unknown model "{m.group(2)}" (known: {", ".join(MODELS)})')
            continue
        plan.append((fname, display, m.group(2)))
    for fname, display, model in plan:
        chk.st.first_file.setdefault(model, fname)

    n_files = 0
    n_rows = 0
    if ydir is not None:
        n_files += chk.load_device_types(ydir)
    for fname, display, model in plan:
        n_files += 1
        # Rows may reference earlier rows of the same file (NetBox saves them one by one).
        chk.st.done.add(model)
        n_rows += chk.check_file(os.path.join(cdir, fname), display, model)
        if model == 'manufacturers' and ydir is not None:
            chk.st.done.add('device-types')
            chk.register_yaml_types()
    for w, doc, _, _ in chk.yaml_types:
        rep.problem(w, f'manufacturer "{doc["manufacturer"]}" is not created by any manufacturers file')
    if not plan:
        rep.problem(f'{base}:1', 'no NN-<model>.csv files found')
    print(f'{n_files} files, {n_rows} rows, {rep.problems} problems')
    return 1 if rep.problems else 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:  # output piped into e.g. `head`
        sys.exit(1)
