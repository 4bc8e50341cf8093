submodule4 = require('./submodule4');
