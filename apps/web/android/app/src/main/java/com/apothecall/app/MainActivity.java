package com.apothecall.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
