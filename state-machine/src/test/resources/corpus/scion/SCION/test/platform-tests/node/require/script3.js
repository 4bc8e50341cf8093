submodule3 = require('./submodule3');
